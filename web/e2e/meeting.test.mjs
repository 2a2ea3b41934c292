// How they meet, in a real browser against the real binary and a real SMTP server: a
// visitor books a video meeting in the chat widget; the console's appointment shows the
// mode, its link and the consultant who meets them; the confirmation's invitation (.ics) is located at the link. An
// administrator says how a service meets on the settings page, and a booking from the
// console chooses among those modes. And a visitor whose browser is in another time zone
// sees their own time beside the agency's.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { createStaff, freeSlot, signIn, STAFF } from './console-helpers.mjs';
import { chatSay as say, chatTap as tap, nextBusinessDay, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

/** The .ics invitation of an e-mail, its folded lines unfolded (RFC 5545 §3.1). */
function calendarOf(mail) {
  const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'));
  assert.ok(ics, `no .ics in "${mail.subject}"`);
  return ics.content.replace(/\r?\n[ \t]/g, '');
}

describe('how they meet', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, smtp: true, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('a visitor chooses video in the chat; the console and the invitation carry the link', { timeout: 240_000 }, async () => {
    const email = `video-${randomBytes(4).toString('hex')}@example.dz`;
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce', timezoneId: 'Africa/Algiers' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'fr');
    });
    // The moderator is the agency's one consultant for consultations, every day from 08:00
    // to 18:00: the booking is theirs.
    await sql(
      server.databaseURL,
      `INSERT INTO consultants (user_id, name, services) SELECT id, 'Karim Saadi', '{consultation}' FROM admin_users WHERE email = '${STAFF.moderator}';
       INSERT INTO consultant_hours (user_id, weekday, starts, ends) SELECT c.user_id, d, '08:00', '18:00' FROM consultants c, generate_series(0, 6) d`,
    );
    try {
      const page = await context.newPage();
      const problems = watchConsole(page, server.baseURL);
      await page.goto('/services');
      await page.locator('main h1').waitFor();
      await page.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
      const panel = page.getByRole('dialog');
      await panel.locator('.chat-msg--bot').first().waitFor();

      let reply = await tap(page, panel, 'Prendre rendez-vous');
      assert.equal(reply.step, 'name');
      reply = await say(page, panel, 'Nadia Benali');
      assert.equal(reply.step, 'email');
      reply = await say(page, panel, email);
      assert.equal(reply.step, 'phone');
      reply = await say(page, panel, '0770 61 62 63');
      assert.equal(reply.step, 'company');
      reply = await tap(page, panel, 'Passer');
      assert.equal(reply.step, 'service');
      reply = await say(page, panel, 'Consultation');
      assert.equal(reply.step, 'mode', `the consultation offers several modes: ${JSON.stringify(reply.messages)}`);
      assert.deepEqual(reply.quick_replies.map((q) => q.label), ['À notre bureau', 'Par téléphone', 'En visioconférence']);
      reply = await tap(page, panel, 'En visioconférence');
      assert.equal(reply.step, 'date');
      reply = await tap(page, panel, reply.quick_replies[0].label);
      assert.equal(reply.step, 'time');
      reply = await tap(page, panel, reply.quick_replies[0].label);
      assert.equal(reply.step, 'confirm');
      reply = await tap(page, panel, 'Oui');
      const id = reply.appointment_id;
      assert.ok(id, 'the booking answer names the appointment');

      const [mode, link, consultant] = (
        await sql(server.databaseURL, `SELECT mode, coalesce(meeting_url, ''), coalesce(consultant_id::text, '') FROM appointments WHERE id = '${id}'`)
      )[0];
      assert.equal(mode, 'video');
      assert.ok(consultant, 'the booking is given to the consultant');
      assert.match(link, /^https:\/\/meet\.jit\.si\/\S+$/);
      assert.deepEqual(problems, []);

      // The confirmation's invitation is located at the room's link.
      const mail = await server.mailbox.waitFor((m) => m.to.includes(email), `to ${email}`);
      const ics = calendarOf(mail);
      assert.match(ics, new RegExp(`^LOCATION:${link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\r?$`, 'm'), ics);

      // The console's appointment shows the mode and the link.
      const staff = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
      try {
        const admin = await staff.newPage();
        await signIn(admin, STAFF.admin);
        await admin.goto(`/admin/appointments?open=${id}`);
        const details = admin.getByRole('dialog');
        await details.getByText('En visio', { exact: true }).waitFor();
        await details.getByText('Karim Saadi').first().waitFor();
        const a = details.getByRole('link', { name: link });
        assert.equal(await a.getAttribute('href'), link);
        await screenshot(admin, 'meeting-console-video');
      } finally {
        await staff.close();
      }
    } finally {
      await context.close();
      await sql(server.databaseURL, 'DELETE FROM consultants'); // the suite's other tests book without consultants
    }
  });

  test('an administrator says how a service meets; the console books among its modes', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await signIn(page, STAFF.admin);
      const problems = watchConsole(page, server.baseURL); // the sign-in page's 401 of GET /api/admin/me is expected
      await page.goto('/admin/settings');
      const training = page.getByRole('group', { name: 'Formation' });
      await training.getByRole('checkbox', { name: 'En visio' }).check();
      await training.getByLabel('Par défaut').selectOption('video');
      await training.getByRole('button', { name: 'Enregistrer les modes de Formation' }).click();
      await page.getByText('Modes de rendez-vous de Formation enregistrés').first().waitFor();
      assert.deepEqual(await sql(server.databaseURL, `SELECT array_to_string(modes, ','), default_mode FROM services WHERE slug = 'formation'`), [['office,video', 'video']]);
      await screenshot(page, 'meeting-settings-modes');

      await page.goto('/admin/new-appointment');
      await page.getByLabel('Nom complet').fill('Lina Formation');
      await page.getByRole('textbox', { name: 'Téléphone' }).fill('0661 98 76 54');
      // A select's label holds its options' texts too: the field is found by its own words.
      const select = (name) => page.locator('label.field', { has: page.locator(`span:text-is("${name}")`) }).locator('select');
      await select('Service').selectOption('Formation');
      const mode = select('Rencontre');
      assert.equal(await mode.inputValue(), 'video', 'the service\'s default is chosen');
      assert.deepEqual(await mode.locator('option').allInnerTexts(), ['Au bureau', 'En visio']);
      await mode.selectOption('office');
      await mode.selectOption('video');
      const slot = await freeSlot(server, 4, 2);
      await page.getByLabel('Date', { exact: true }).fill(slot.date);
      await page.getByLabel('Heure').locator(`option[value="${slot.time}"]`).waitFor({ state: 'attached' });
      await page.getByLabel('Heure').selectOption(slot.time);
      await page.getByRole('button', { name: 'Créer le rendez-vous' }).click();
      await page.waitForURL('**/admin/appointments');
      const [[booked, link]] = await sql(server.databaseURL,
        `SELECT mode, coalesce(meeting_url, '') FROM appointments WHERE name = 'Lina Formation'`);
      assert.equal(booked, 'video');
      assert.match(link, /^https:\/\//);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a visitor in another time zone sees their own time beside the agency’s', { timeout: 120_000 }, async () => {
    // The agency is in Algiers (UTC+1 all year), the visitor in Tokyo (UTC+9 all year).
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce', timezoneId: 'Asia/Tokyo' });
    await context.addInitScript(() => localStorage.setItem('lang', 'fr'));
    try {
      const page = await context.newPage();
      const problems = watchConsole(page, server.baseURL);
      await page.goto('/rendez-vous');
      const form = page.locator('form.appt-form');
      await form.getByLabel('Date').fill(nextBusinessDay(9));
      // Tokyo is eight hours ahead of Algiers: 10:00 there is 18:00 here.
      const slot = form.getByRole('radio', { name: /^10:00/ });
      await slot.waitFor({ state: 'attached' });
      const label = form.locator('label.slot', { has: page.getByRole('radio', { name: /^10:00/ }) });
      assert.match((await label.innerText()).replace(/\s+/g, ' '), /^10:00 · 18:00 chez vous$/);
      await screenshot(page, 'meeting-form-own-time');

      // The widget's time choices say it too.
      await page.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
      const panel = page.getByRole('dialog');
      await panel.locator('.chat-msg--bot').first().waitFor();
      let reply = await tap(page, panel, 'Prendre rendez-vous');
      for (const [answer, step] of [['Karim Saadi', 'email'], [`tz-${randomBytes(4).toString('hex')}@example.dz`, 'phone'], ['0770 71 72 73', 'company']]) {
        reply = await say(page, panel, answer);
        assert.equal(reply.step, step);
      }
      reply = await tap(page, panel, 'Passer');
      reply = await say(page, panel, 'Développement web');
      assert.equal(reply.step, 'date');
      reply = await tap(page, panel, reply.quick_replies[0].label);
      assert.equal(reply.step, 'time');
      const first = reply.quick_replies[0].value;
      const chip = panel.locator('.chat-chip', { hasText: first }).first();
      assert.match(await chip.innerText(), new RegExp(`^${first} · \\d{2}:\\d{2} chez vous$`));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
