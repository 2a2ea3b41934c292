// Each service's own questions, in a real browser against the real binary: an
// administrator writes three questions for web development on the settings page (a
// choice, a web address, a required text), each in French, English and Arabic; the
// public form asks them in the visitor's language once the service is chosen, refuses a
// bad address beside its field and books nothing, then books once it is corrected; the
// console's details show the three answers. A service without questions asks nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, e2eSkipReason, screenshot, SCREENSHOT_DIR, serveSuite } from './harness.mjs';
import { createStaff, freeSlot, signIn, STAFF } from './console-helpers.mjs';
import { settled, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

// The questions as the administrator writes them, and as each language reads them.
const QUESTIONS = {
  budget: { fr: 'Quel est votre budget ?', en: 'What is your budget?', ar: 'ما هي ميزانيتك؟' },
  small: { fr: 'Moins de 100 000 DA', en: 'Under 100,000 DA', ar: 'أقل من 100000 دج' },
  large: { fr: 'Plus de 100 000 DA', en: 'Over 100,000 DA', ar: 'أكثر من 100000 دج' },
  site: { fr: 'Votre site actuel', en: 'Your current website', ar: 'موقعك الحالي' },
  goal: { fr: 'Que doit faire le site ?', en: 'What should the site do?', ar: 'ماذا يجب أن يفعل الموقع؟' },
};
const LANGS = ['fr', 'en', 'ar'];
const LANGUAGE_WORD = { fr: 'français', en: 'anglais', ar: 'arabe' };

describe('the questions of a service', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('defined in the console, asked by the form in each language, answered to the console', { timeout: 120_000 }, async () => {
    const staff = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const visitors = [];
    try {
      // The administrator writes the three questions on the settings page.
      const admin = await staff.newPage();
      await signIn(admin, STAFF.admin);
      const adminProblems = watchConsole(admin, server.baseURL);
      await admin.goto('/admin/settings');
      const card = admin.locator('section.service-questions');
      await card.getByLabel('Service', { exact: true }).selectOption('developpement-web');
      await card.getByText('Aucune question : une réservation de ce service ne demande rien de plus.').waitFor();
      const fill = async (scope, what, texts) => {
        for (const lang of LANGS) await scope.getByLabel(`${what} en ${LANGUAGE_WORD[lang]}`).fill(texts[lang]);
      };
      const add = card.getByRole('button', { name: 'Ajouter une question' });
      for (let i = 0; i < 3; i++) await add.click();
      const q1 = card.getByRole('group', { name: 'Question 1', exact: true });
      await q1.getByLabel('Type de réponse').selectOption('choice');
      await fill(q1, 'Question', QUESTIONS.budget);
      const options = q1.getByRole('group', { name: 'Options (de 2 à 10)' });
      for (const [i, key] of [[0, 'small'], [1, 'large']]) {
        for (const lang of LANGS) await options.getByLabel(`Libellé en ${LANGUAGE_WORD[lang]}`).nth(i).fill(QUESTIONS[key][lang]);
      }
      const q2 = card.getByRole('group', { name: 'Question 2', exact: true });
      await q2.getByLabel('Type de réponse').selectOption('url');
      await fill(q2, 'Question', QUESTIONS.site);
      const q3 = card.getByRole('group', { name: 'Question 3', exact: true });
      await fill(q3, 'Question', QUESTIONS.goal);
      await q3.getByLabel('Réponse obligatoire').check();
      // Written first, the required text moves to the top and back with the keyboard.
      await q3.getByRole('button', { name: 'Monter la question 3' }).focus();
      await admin.keyboard.press('Enter');
      assert.equal(await card.getByRole('group', { name: 'Question 2', exact: true }).getByLabel('Question en anglais').inputValue(), QUESTIONS.goal.en);
      await admin.keyboard.press('Tab'); // to "Descendre la question 2", where the focus went is "Monter"
      await admin.keyboard.press('Enter');
      assert.equal(await card.getByRole('group', { name: 'Question 3', exact: true }).getByLabel('Question en anglais').inputValue(), QUESTIONS.goal.en);
      await card.getByRole('button', { name: 'Enregistrer les questions de Développement web' }).click();
      await admin.getByText('Questions de Développement web enregistrées').first().waitFor();
      const [[stored]] = await sql(server.databaseURL, `SELECT questions FROM services WHERE slug = 'developpement-web'`);
      const defined = JSON.parse(stored);
      assert.deepEqual(defined.map((q) => [q.type, q.required, q.text.ar]), [
        ['choice', false, QUESTIONS.budget.ar],
        ['url', false, QUESTIONS.site.ar],
        ['text', true, QUESTIONS.goal.ar],
      ]);
      await card.screenshot({ path: `${SCREENSHOT_DIR}questions-settings.png` });
      assert.deepEqual(await axeViolations(admin), []);
      assert.deepEqual(adminProblems, []);

      // The public form asks them in the visitor's language once the service is chosen.
      const forms = {};
      for (const lang of LANGS) {
        const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
        visitors.push(context);
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        const page = await context.newPage();
        const problems = watchConsole(page, server.baseURL);
        const names = Object.fromEntries(
          (await (await fetch(`${server.baseURL}/api/services?lang=${lang}`)).json()).items.map((s) => [s.slug, s.name]),
        );
        await page.goto('/rendez-vous');
        await settled(page); // the prerendered page starts its app at the visitor's first gesture
        const form = page.locator('form.appt-form');
        const service = form.locator('select[name="service"]');
        await service.locator(`option[value="${names['shooting-photo-video']}"]`).waitFor({ state: 'attached' });
        // A service without questions asks nothing more.
        await service.selectOption({ label: names['shooting-photo-video'] });
        assert.equal(await form.getByText(QUESTIONS.goal[lang]).count(), 0);
        await service.selectOption({ label: names['developpement-web'] });
        const choice = form.getByRole('group', { name: QUESTIONS.budget[lang] });
        await choice.getByRole('radio', { name: QUESTIONS.large[lang] }).waitFor();
        assert.equal(await choice.getByRole('radio').count(), 2);
        const url = form.getByLabel(QUESTIONS.site[lang], { exact: true });
        assert.equal(await url.getAttribute('type'), 'url');
        assert.equal(await url.getAttribute('inputmode'), 'url');
        assert.equal(await form.getByLabel(`${QUESTIONS.goal[lang]} *`, { exact: true }).getAttribute('aria-required'), 'true');
        forms[lang] = { page, form, problems, names };
      }
      await screenshot(forms.ar.page, 'questions-form-ar');
      assert.deepEqual(await axeViolations(forms.ar.page), []);

      // In French: a bad address is refused beside its field, and nothing is booked.
      const { page, form, problems } = forms.fr;
      const phone = '0770 44 55 66';
      const slot = await freeSlot(server, 3);
      await form.getByLabel('Nom complet').fill('Yasmine Touati');
      await form.getByLabel('Téléphone').fill(phone);
      await form.getByLabel('Date').fill(slot.date);
      await form.locator(`input[type="radio"][value="${slot.time}"]`).check({ force: true });
      await form.getByRole('radio', { name: QUESTIONS.large.fr }).check();
      const url = form.getByLabel(QUESTIONS.site.fr, { exact: true });
      await url.fill('pas une adresse');
      await form.getByLabel(`${QUESTIONS.goal.fr} *`, { exact: true }).fill('Vendre nos produits en ligne');
      const refused = page.waitForResponse((r) => r.url().includes('/api/appointments') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Demander un rendez-vous' }).click();
      assert.equal((await refused).status(), 400);
      await form.getByText('Saisissez une adresse web complète (https://…).').waitFor();
      const describedBy = await url.getAttribute('aria-describedby');
      assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), 'Saisissez une adresse web complète (https://…).');
      assert.equal(await url.getAttribute('aria-invalid'), 'true');
      assert.deepEqual(await sql(server.databaseURL, `SELECT count(*) FROM appointments WHERE phone = '${phone}'`), [['0']]);
      await screenshot(page, 'questions-form-refused-fr');

      // Corrected, the booking goes through with the three answers.
      await url.fill('boutique-touati.dz');
      await form.getByRole('button', { name: 'Demander un rendez-vous' }).click();
      await page.waitForURL(/\/rendez-vous\/confirmation\//);
      const [[id, answers]] = await sql(server.databaseURL, `SELECT id, answers FROM appointments WHERE phone = '${phone}'`);
      assert.deepEqual(JSON.parse(answers).map((a) => a.label?.fr ?? a.value), [
        QUESTIONS.large.fr,
        'https://boutique-touati.dz',
        'Vendre nos produits en ligne',
      ]);
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);

      // The console's details show the three answers, in the console's language.
      await admin.goto(`/admin/appointments?open=${id}`);
      const details = admin.getByRole('dialog').getByRole('region', { name: 'Réponses aux questions du service' });
      await details.getByText(QUESTIONS.budget.fr).waitFor();
      await details.getByText(QUESTIONS.large.fr).waitFor();
      const link = details.getByRole('link', { name: 'https://boutique-touati.dz' });
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer nofollow');
      assert.equal(await link.getAttribute('target'), '_blank');
      await details.getByText(QUESTIONS.goal.fr).waitFor();
      await details.getByText('Vendre nos produits en ligne').waitFor();
      await screenshot(admin, 'questions-details');
    } finally {
      for (const c of visitors) await c.close();
      await staff.close();
    }
  });
});
