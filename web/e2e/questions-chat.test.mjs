// Dota asks a service's own questions, in a real browser against the real binary: an
// administrator gives web development three questions over the API (a choice, a web
// address, a required text); a visitor who came from a Facebook campaign books it in the
// chat widget, is refused a bad address with the field's message, and the appointment
// keeps the answers and where the visit came from.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { createStaff, STAFF, staffSession } from './console-helpers.mjs';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { chatSay as say, chatTap as tap, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

const questions = [
  {
    id: 'start',
    type: 'choice',
    required: true,
    text: { fr: 'Quand souhaitez-vous démarrer ?', en: 'When would you like to start?', ar: 'متى تودّ البدء؟' },
    options: [
      { value: 'asap', label: { fr: 'Dès que possible', en: 'As soon as possible', ar: 'في أقرب وقت ممكن' } },
      { value: 'quarter', label: { fr: 'Dans les trois mois', en: 'Within three months', ar: 'خلال ثلاثة أشهر' } },
    ],
  },
  {
    id: 'current',
    type: 'url',
    required: false,
    text: { fr: "Quelle est l'adresse de votre site actuel ?", en: 'What is the address of your current website?', ar: 'ما عنوان موقعك الحالي؟' },
  },
  {
    id: 'project',
    type: 'text',
    required: true,
    text: { fr: 'Décrivez votre projet en une phrase.', en: 'Describe your project in one sentence.', ar: 'صف مشروعك في جملة واحدة.' },
  },
];

describe('Dota asks a service’s questions', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('a visitor from a campaign answers them in the widget; the appointment keeps the answers and the source', { timeout: 90_000 }, async () => {
    const admin = await staffSession(server.baseURL, STAFF.admin);
    const saved = await admin('PUT', '/api/admin/services/developpement-web/questions', { questions });
    assert.equal(saved.questions.length, 3);

    const email = `questions-${randomBytes(4).toString('hex')}@example.dz`;
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce', timezoneId: 'Africa/Algiers' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'fr');
    });
    try {
      const page = await context.newPage();
      const problems = watchConsole(page, server.baseURL);
      await page.goto('/?utm_source=facebook&utm_campaign=ramadan');
      await page.locator('main h1').first().waitFor();
      await page.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
      const panel = page.getByRole('dialog');
      await panel.locator('.chat-msg--bot').first().waitFor();

      let reply = await tap(page, panel, 'Prendre rendez-vous');
      assert.equal(reply.step, 'name');
      for (const [answer, step] of [['Nadia Benali', 'email'], [email, 'phone'], ['0770 61 62 63', 'company']]) {
        reply = await say(page, panel, answer);
        assert.equal(reply.step, step);
      }
      reply = await tap(page, panel, 'Passer');
      assert.equal(reply.step, 'service');
      reply = await say(page, panel, 'Développement web');
      assert.equal(reply.step, 'question', JSON.stringify(reply.messages));
      // The widget shows the question and its options as quick replies.
      await panel.locator('.chat-msg--bot', { hasText: 'Quand souhaitez-vous démarrer ?' }).last().waitFor();
      assert.deepEqual(reply.quick_replies.map((q) => q.label), ['Dès que possible', 'Dans les trois mois']);
      reply = await tap(page, panel, 'Dans les trois mois');
      assert.equal(reply.step, 'question');
      assert.match(reply.messages.at(-1).text, /adresse de votre site actuel/);
      assert.deepEqual(reply.quick_replies.map((q) => q.label), ['Passer']);
      // A bad address is refused with the field's message, and the question asked again.
      reply = await say(page, panel, 'atlas immo point dz');
      assert.equal(reply.step, 'question');
      assert.match(reply.messages.map((m) => m.text).join('\n'), /Cette adresse web n'est pas valide[\s\S]*adresse de votre site actuel/);
      await panel.locator('.chat-msg--bot', { hasText: "Cette adresse web n'est pas valide" }).last().waitFor();
      reply = await say(page, panel, 'www.atlas-immo.dz');
      assert.equal(reply.step, 'question');
      assert.match(reply.messages.at(-1).text, /Décrivez votre projet/);
      reply = await say(page, panel, 'Une refonte avec un espace client');
      assert.equal(reply.step, 'date');
      reply = await tap(page, panel, reply.quick_replies[0].label);
      assert.equal(reply.step, 'time');
      reply = await tap(page, panel, reply.quick_replies[0].label);
      assert.equal(reply.step, 'confirm');
      const summary = reply.messages.map((m) => m.text).join('\n');
      assert.match(summary, /Quand souhaitez-vous démarrer \? — Dans les trois mois/);
      assert.match(summary, /adresse de votre site actuel \? — https:\/\/www\.atlas-immo\.dz/);
      await screenshot(page, 'questions-chat-summary');
      reply = await tap(page, panel, 'Oui');
      assert.equal(reply.step, 'booked');
      const id = reply.appointment_id;
      assert.ok(id, 'the booking answer names the appointment');

      const [[answers, source, campaign]] = await sql(server.databaseURL,
        `SELECT answers::text, traffic_source, coalesce(campaign, '') FROM appointments WHERE id = '${id}'`);
      const byId = Object.fromEntries(JSON.parse(answers).map((a) => [a.id, a.value]));
      assert.deepEqual(byId, { start: 'quarter', current: 'https://www.atlas-immo.dz', project: 'Une refonte avec un espace client' });
      assert.equal(source, 'facebook');
      assert.equal(campaign, 'ramadan');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
