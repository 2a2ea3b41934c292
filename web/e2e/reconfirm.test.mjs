// The reminder's two answers, end to end against the real binary and a real SMTP server,
// in French and in Arabic: two bookings get their reminder (made due at once); "I'll be
// there" is recorded once however often it is followed; "I can't come" opens the manage
// page on cancelling, and the freed slot goes to the first in its waitlist.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { nextBusinessDay, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

/** What each language's run expects to read. */
const TEXTS = {
  fr: {
    reminder: /^Rappel : votre rendez-vous/,
    coming: 'Je serai là',
    notComing: 'Je ne pourrai pas venir',
    noted: /C'est noté : nous vous attendons le/,
    already: /Vous nous aviez déjà dit que vous viendrez/,
    confirm: 'Oui, annuler',
    moving: /déplacez le rendez-vous/,
    cancelledNotice: /Votre rendez-vous est annulé/,
    offer: /Un créneau s'est libéré/,
  },
  ar: {
    reminder: /^تذكير: موعدك/,
    coming: 'سأحضر',
    notComing: 'لن أتمكن من الحضور',
    noted: /تم التسجيل: ننتظرك يوم/,
    already: /سبق أن أخبرتنا بأنك ستحضر/,
    confirm: 'نعم، ألغِ الموعد',
    moving: /انقله إلى وقت يناسبك/,
    cancelledNotice: /تم إلغاء موعدك/,
    offer: /أصبح موعد متاحًا/,
  },
};

/** The first link of an e-mail's text part matching the pattern. */
function linkIn(mail, pattern, baseURL) {
  const found = mail.text.match(pattern);
  assert.ok(found, `no ${pattern} in "${mail.subject}":\n${mail.text}`);
  assert.ok(found[0].startsWith(baseURL), `the link ${found[0]} points at DOTA_PUBLIC_URL (${baseURL})`);
  return found[0];
}

/** Two free slots of the date, from the public slots. */
async function freeSlots(baseURL, date) {
  const day = await (await fetch(`${baseURL}/api/slots?date=${date}`)).json();
  const free = day.slots.filter((s) => s.free && !s.past).map((s) => s.time);
  assert.ok(free.length >= 2, `two free slots on ${date}: ${JSON.stringify(day)}`);
  return free;
}

async function post(baseURL, path, lang, body) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, `${path}: ${await res.text()}`);
}

describe("the reminder's answers", { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, smtp: true }, (s, b) => ([server, browser] = [s, b]));

  for (const [lang, daysAhead] of [['fr', 8], ['ar', 10]]) {
    test(`"I'll be there" and "I can't come" from the reminder (${lang})`, { timeout: 240_000 }, async () => {
      const text = TEXTS[lang];
      const tag = randomBytes(4).toString('hex');
      const coming = `coming-${tag}@example.dz`;
      const leaving = `leaving-${tag}@example.dz`;
      const waiting = `waiting-${tag}@example.dz`;
      const date = nextBusinessDay(daysAhead);
      const [first, second] = await freeSlots(server.baseURL, date);
      await post(server.baseURL, '/api/appointments', lang, {
        name: 'Nadia Ferhat', email: coming, phone: '0770 55 11 22', service: 'developpement-web', date, time: first });
      await post(server.baseURL, '/api/appointments', lang, {
        name: 'Karim Saidi', email: leaving, phone: '0770 55 33 44', service: 'developpement-web', date, time: second });
      await post(server.baseURL, '/api/waitlist', lang, {
        name: 'Samira Haddad', email: waiting, phone: '0661 22 33 44', date, time: second });

      // The reminders, due at once.
      await sql(
        server.databaseURL,
        `UPDATE river_job SET scheduled_at = now() WHERE state = 'scheduled' AND args->>'delivery_id' IN
           (SELECT id::text FROM deliveries WHERE kind = 'reminder' AND recipient IN ('${coming}', '${leaving}'))`,
      );
      const reminderTo = (to) =>
        server.mailbox.waitFor((m) => m.to.includes(to) && text.reminder.test(m.subject), `reminding ${to}`);
      const [toComing, toLeaving] = await Promise.all([reminderTo(coming), reminderTo(leaving)]);
      for (const m of [toComing, toLeaving]) {
        assert.ok(m.text.includes(text.coming) && m.text.includes(text.notComing), `the answers in:\n${m.text}`);
        assert.ok(m.html.includes(`>${text.coming}</a>`), 'the answers are buttons');
      }

      const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const problems = watchConsole(page, server.baseURL);
      try {
        // "I'll be there", twice: noted, then already noted; recorded once.
        const yes = linkIn(toComing, /https?:\/\/[^\s<>"]+\/reconfirm\/[A-Za-z0-9_-]{43}\?lang=(?:fr|en|ar)/, server.baseURL);
        assert.ok(yes.endsWith(`?lang=${lang}`), `${yes} keeps the booking's language`);
        const shell = await fetch(yes);
        assert.equal(shell.status, 200);
        assert.equal(shell.headers.get('cache-control'), 'no-store');
        await page.goto(yes);
        await page.getByTestId('reconfirm-result').filter({ hasText: text.noted }).waitFor();
        assert.equal(await page.getAttribute('html', 'lang'), lang);
        assert.equal(await page.getAttribute('html', 'dir'), lang === 'ar' ? 'rtl' : 'ltr');
        await screenshot(page, `reconfirm-noted-${lang}`);
        const [[at]] = await sql(server.databaseURL, `SELECT reconfirmed_at FROM appointments WHERE email = '${coming}'`);
        assert.ok(at, 'reconfirmed_at is set');
        await page.goto(yes);
        await page.getByTestId('reconfirm-result').filter({ hasText: text.already }).waitFor();
        const [[again, notes]] = await sql(
          server.databaseURL,
          `SELECT a.reconfirmed_at, (SELECT count(*) FROM status_history h WHERE h.appointment_id = a.id
             AND h.code = 'history_reconfirmed') FROM appointments a WHERE a.email = '${coming}'`,
        );
        assert.deepEqual([again, notes], [at, '1'], 'recorded once');

        // "I can't come": the manage page opens on cancelling, with moving offered.
        const no = linkIn(toLeaving, /https?:\/\/[^\s<>"]+\/manage\/[A-Za-z0-9_-]{43}\?lang=(?:fr|en|ar)&action=cancel/, server.baseURL);
        await page.goto(no);
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        assert.match(await page.getByTestId('manage-intent').innerText(), text.moving);
        await screenshot(page, `reconfirm-cannot-come-${lang}`);
        const cancelledAt = Date.now();
        await dialog.getByRole('button', { name: text.confirm }).click();
        await page.getByRole('status').filter({ hasText: text.cancelledNotice }).waitFor();

        // The freed slot goes to the first in its line, within seconds.
        await server.mailbox.waitFor((m) => m.to.includes(waiting) && text.offer.test(m.subject), `offering to ${waiting}`, 20_000);
        assert.ok(Date.now() - cancelledAt < 20_000);
        const [[state]] = await sql(server.databaseURL, `SELECT state FROM waitlist WHERE email = '${waiting}'`);
        assert.equal(state, 'offered');
        assert.deepEqual(problems, [], 'console errors');
      } catch (err) {
        await screenshot(page, `reconfirm-failed-${lang}`).catch(() => {});
        err.message += `\n--- server log (tail) ---\n${server.logs().slice(-4000)}`;
        throw err;
      } finally {
        await context.close();
      }
    });
  }
});
