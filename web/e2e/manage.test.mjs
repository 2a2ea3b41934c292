// The customer's manage link, end to end against the real binary and a real SMTP
// server: book through the public form, take the link from the confirmation e-mail,
// move the appointment to another free slot, then cancel it, reading the "moved" and
// "cancelled" e-mails — in French, and in Arabic (right to left).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { axeViolations, e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { nextBusinessDay, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

/** What each language's run expects to read: e-mail subjects and the page's words. */
const TEXTS = {
  fr: {
    confirmation: /Nous avons bien reçu votre demande/,
    moved: /^Rendez-vous déplacé au /,
    cancelled: /^Rendez-vous annulé/,
    title: 'Votre rendez-vous',
    pending: 'En attente de confirmation',
    cancelledStatus: 'Annulé',
    move: 'Déplacer le rendez-vous',
    moveTo: 'Déplacer à ce créneau',
    movedNotice: /Votre rendez-vous est déplacé au/,
    cancel: 'Annuler le rendez-vous',
    dialog: 'Annuler ce rendez-vous ?',
    keep: 'Garder mon rendez-vous',
    confirm: 'Oui, annuler',
    cancelledNotice: /Votre rendez-vous est annulé/,
    invalid: "Ce lien n'est plus valide",
  },
  ar: {
    confirmation: /استلمنا طلب موعدك/,
    moved: /^نُقل موعدك إلى /,
    cancelled: /^أُلغي موعدك/,
    title: 'موعدك',
    pending: 'في انتظار التأكيد',
    cancelledStatus: 'ملغى',
    move: 'تغيير وقت الموعد',
    moveTo: 'نقل الموعد إلى هذا الوقت',
    movedNotice: /تم نقل موعدك إلى/,
    cancel: 'إلغاء الموعد',
    dialog: 'هل تريد إلغاء هذا الموعد؟',
    keep: 'الإبقاء على موعدي',
    confirm: 'نعم، ألغِ الموعد',
    cancelledNotice: /تم إلغاء موعدك/,
    invalid: 'هذا الرابط لم يعد صالحًا',
  },
};

/** The manage link of an e-mail (text part), in the language it names. */
function manageLink(mail, baseURL) {
  const found = mail.text.match(/https?:\/\/[^\s<>"]+\/manage\/[A-Za-z0-9_-]{43}\?lang=(?:fr|en|ar)/);
  assert.ok(found, `no manage link in "${mail.subject}":\n${mail.text}`);
  assert.ok(found[0].startsWith(`${baseURL}/manage/`), `the link ${found[0]} points at DOTA_PUBLIC_URL (${baseURL})`);
  return found[0];
}

/** The .ics invitation of an e-mail. */
function calendarOf(mail) {
  const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'));
  assert.ok(ics, `no .ics in "${mail.subject}"`);
  return ics.content;
}

describe('the manage link', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, smtp: true }, (s, b) => ([server, browser] = [s, b]));

  for (const [lang, daysAhead] of [['fr', 8], ['ar', 10]]) {
    test(`book, move and cancel from the e-mail's link (${lang})`, { timeout: 240_000 }, async () => {
      const text = TEXTS[lang];
      const email = `manage-${lang}-${randomBytes(4).toString('hex')}@example.dz`;
      const phone = lang === 'fr' ? '0770 55 11 22' : '0770 55 33 44';
      const date = nextBusinessDay(daysAhead);
      const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const problems = watchConsole(page, server.baseURL);
      const elsewhere = [];
      try {
        // Booked through the public form, in the language of the visit.
        await page.goto(`/rendez-vous?lang=${lang}`);
        const form = page.locator('form.appt-form');
        await form.locator('[name="name"]').fill(lang === 'fr' ? 'Nadia Ferhat' : 'أمين بوزيد');
        await form.locator('[name="email"]').fill(email);
        await form.locator('[name="phone"]').fill(phone);
        await form.locator('select[name="service"]').selectOption({ index: 1 });
        await form.locator('[name="date"]').fill(date);
        const first = form.locator('.slot input[type="radio"]:not([disabled])').first();
        const bookedTime = await first.getAttribute('value');
        await first.check({ force: true });
        await form.locator('button[type="submit"]').click();

        const confirmation = await server.mailbox.waitFor(
          (m) => m.to.includes(email) && text.confirmation.test(m.subject),
          `confirming ${email}'s booking`,
        );
        const link = manageLink(confirmation, server.baseURL);
        assert.ok(link.endsWith(`?lang=${lang}`), `${link} keeps the booking's language`);
        assert.match(calendarOf(confirmation), /METHOD:REQUEST/);

        // The link's page: the app's shell, private.
        const shell = await fetch(link);
        assert.equal(shell.status, 200);
        assert.equal(shell.headers.get('cache-control'), 'no-store');
        assert.equal(shell.headers.get('referrer-policy'), 'no-referrer');
        assert.equal(shell.headers.get('x-robots-tag'), 'noindex');

        // Nothing from this page goes to another host, nor names its address in a Referer.
        // (A chunk a script imports names that script, the asset's own policy: no token.)
        page.on('request', (req) => {
          const referer = req.headers().referer ?? '';
          if (!req.url().startsWith(server.baseURL)) elsewhere.push(req.url());
          else if (referer.includes('/manage/') || (referer && !req.url().includes('/assets/'))) {
            elsewhere.push(`Referer ${referer} on ${req.url()}`);
          }
        });
        await page.goto(link);
        await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
        assert.equal(await page.getAttribute('html', 'lang'), lang);
        assert.equal(await page.getAttribute('html', 'dir'), lang === 'ar' ? 'rtl' : 'ltr');
        await page.getByText(text.pending).waitFor();
        assert.equal(await page.getAttribute('meta[name="robots"]', 'content'), 'noindex');
        await screenshot(page, `manage-${lang}`);
        if (lang === 'fr') assert.deepEqual(await axeViolations(page), [], 'axe on the manage page');

        // Moved to another free slot of the same day.
        await page.getByRole('button', { name: text.move }).click();
        const slots = page.locator('.manage-slots .slot input[type="radio"]:not([disabled])');
        await slots.first().waitFor();
        const newTime = await slots.first().getAttribute('value');
        assert.notEqual(newTime, bookedTime);
        await slots.first().check({ force: true });
        await page.getByRole('button', { name: text.moveTo }).click();
        await page.getByRole('status').filter({ hasText: text.movedNotice }).waitFor();
        assert.ok((await page.locator('.manage-details').innerText()).includes(newTime), `the page shows ${newTime}`);
        const [[movedTime, movedDate]] = await sql(
          server.databaseURL,
          `SELECT time, to_char(date, 'YYYY-MM-DD') FROM appointments WHERE email = '${email}'`,
        );
        assert.deepEqual([movedTime, movedDate], [newTime, date]);

        const moved = await server.mailbox.waitFor((m) => m.to.includes(email) && text.moved.test(m.subject), `moving ${email}'s appointment`);
        assert.ok(moved.subject.includes(newTime) || moved.text.includes(newTime), `the moved e-mail names ${newTime}: ${moved.subject}`);
        assert.match(calendarOf(moved), /METHOD:REQUEST/);
        assert.match(calendarOf(moved), /SEQUENCE:[1-9]/);
        await screenshot(page, `manage-moved-${lang}`);

        // Cancelled after the dialog: "keep" first, Escape keeps it.
        const cancel = page.getByRole('button', { name: text.cancel });
        await cancel.click();
        const dialog = page.getByRole('dialog', { name: text.dialog });
        await dialog.waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), text.keep);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), text.cancel);
        await cancel.click();
        await dialog.getByRole('button', { name: text.confirm }).click();
        await page.getByRole('status').filter({ hasText: text.cancelledNotice }).waitFor();
        await page.locator('.manage-status').filter({ hasText: text.cancelledStatus }).waitFor();
        assert.equal(await page.getByRole('button', { name: text.cancel }).count(), 0);
        const [[status]] = await sql(server.databaseURL, `SELECT status FROM appointments WHERE email = '${email}'`);
        assert.equal(status, 'cancelled');

        const cancelled = await server.mailbox.waitFor(
          (m) => m.to.includes(email) && text.cancelled.test(m.subject),
          `cancelling ${email}'s appointment`,
        );
        assert.match(calendarOf(cancelled), /METHOD:CANCEL/);
        assert.match(calendarOf(cancelled), /STATUS:CANCELLED/);
        await screenshot(page, `manage-cancelled-${lang}`);

        // A link that opens nothing says so, in the language.
        await page.goto(`/manage/${randomBytes(32).toString('base64url')}?lang=${lang}`);
        await page.getByRole('heading', { level: 1, name: text.invalid }).waitFor();

        assert.deepEqual(elsewhere, [], 'requests to other hosts, or naming the page');
        // The one 404 is the unknown link's own answer.
        assert.deepEqual(
          problems.filter((p) => !/status of 404/.test(p)),
          [],
          `console errors in ${lang}`,
        );
      } catch (err) {
        await screenshot(page, `manage-failed-${lang}`).catch(() => {});
        err.message += `\n--- server log (tail) ---\n${server.logs().slice(-4000)}`;
        throw err;
      } finally {
        await context.close();
      }
    });
  }
});
