// The waitlist, end to end against the real binary and a real SMTP server: a visitor
// whose slot is taken while they fill the form joins its waitlist; the person holding the
// slot cancels through their manage link; the visitor receives the offer e-mail, opens its
// link and accepts; the slot is theirs and their confirmation follows.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { createStaff, signIn, STAFF } from './console-helpers.mjs';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { nextBusinessDay, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

/** The first link of an e-mail's text part matching the path. */
function linkIn(mail, path, baseURL) {
  const found = mail.text.match(new RegExp(`https?://[^\\s<>"]+/${path}/[A-Za-z0-9_-]{43}\\?lang=(?:fr|en|ar)`));
  assert.ok(found, `no ${path} link in "${mail.subject}":\n${mail.text}`);
  assert.ok(found[0].startsWith(baseURL), `the link ${found[0]} points at DOTA_PUBLIC_URL (${baseURL})`);
  return found[0];
}

describe('the waitlist', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, smtp: true, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('join from the form, the holder cancels, the offer is accepted from its e-mail', { timeout: 240_000 }, async () => {
    const tag = randomBytes(4).toString('hex');
    const visitor = `waiter-${tag}@example.dz`;
    const holder = `holder-${tag}@example.dz`;
    const date = nextBusinessDay(12);
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const staffContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const staff = await staffContext.newPage();
    const problems = watchConsole(page, server.baseURL);
    try {
      // The visitor fills the form and picks a free slot…
      await page.goto('/rendez-vous?lang=fr');
      const form = page.locator('form.appt-form');
      await form.locator('[name="name"]').fill('Samira Haddad');
      await form.locator('[name="email"]').fill(visitor);
      await form.locator('[name="phone"]').fill('0661 22 33 44');
      await form.locator('select[name="service"]').selectOption({ index: 1 });
      await form.locator('[name="date"]').fill(date);
      const first = form.locator('.slot input[type="radio"]:not([disabled])').first();
      const time = await first.getAttribute('value');
      await first.check({ force: true });

      // …which someone else books meanwhile.
      const taken = await fetch(`${server.baseURL}/api/appointments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'fr' },
        body: JSON.stringify({ name: 'Rachid Amrani', email: holder, phone: '0770 11 22 33', date, time }),
      });
      assert.equal(taken.status, 201, await taken.text());

      // The form hears slot_taken and offers the waitlist; the visitor joins it.
      await form.locator('button[type="submit"]').click();
      const join = page.getByRole('button', { name: /M'inscrire sur la liste d'attente/ });
      await join.waitFor();
      await screenshot(page, 'waitlist-offered-in-form');
      await join.click();
      await page.getByRole('status').filter({ hasText: /Vous êtes sur la liste d'attente/ }).waitFor();
      const [[state, slotTime]] = await sql(
        server.databaseURL,
        `SELECT state, time FROM waitlist WHERE email = '${visitor}' AND date = '${date}'`,
      );
      assert.deepEqual([state, slotTime], ['waiting', time]);

      // Staff see the line on the console's Waitlist page, and it follows live.
      await signIn(staff, STAFF.moderator);
      await staff.goto('/admin/waitlist');
      const row = staff.getByRole('row').filter({ hasText: 'Samira Haddad' });
      await row.filter({ hasText: 'En attente' }).waitFor();
      assert.equal((await row.getByRole('cell').first().innerText()).trim(), '1');

      // The holder cancels through the link of their confirmation.
      const confirmation = await server.mailbox.waitFor(
        (m) => m.to.includes(holder) && /Nous avons bien reçu votre demande/.test(m.subject),
        `confirming ${holder}'s booking`,
      );
      const holderPage = await context.newPage();
      await holderPage.goto(linkIn(confirmation, 'manage', server.baseURL));
      await holderPage.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
      await holderPage.getByRole('dialog').getByRole('button', { name: 'Oui, annuler' }).click();
      await holderPage.getByRole('status').filter({ hasText: /Votre rendez-vous est annulé/ }).waitFor();
      await holderPage.close();
      await row.filter({ hasText: 'Proposé' }).waitFor();
      await screenshot(staff, 'waitlist-console');

      // The place is offered to the visitor alone, by e-mail, with a link.
      const offer = await server.mailbox.waitFor(
        (m) => m.to.includes(visitor) && /Un créneau s'est libéré/.test(m.subject),
        `offering the place to ${visitor}`,
      );
      const link = linkIn(offer, 'waitlist/offers', server.baseURL);
      const shell = await fetch(link);
      assert.equal(shell.status, 200);
      assert.equal(shell.headers.get('cache-control'), 'no-store');
      assert.equal(shell.headers.get('referrer-policy'), 'no-referrer');
      // Held for them: the form's slots show it taken.
      const slots = await (await fetch(`${server.baseURL}/api/slots?date=${date}`)).json();
      assert.equal(slots.slots.find((s) => s.time === time).free, false, 'the held slot is not free');

      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: "Une place s'est libérée pour vous" }).waitFor();
      assert.equal(await page.getAttribute('html', 'lang'), 'fr');
      await screenshot(page, 'waitlist-offer');
      await page.getByTestId('offer-accept').click();
      await page.getByTestId('offer-result').filter({ hasText: /Réservé/ }).waitFor();
      await screenshot(page, 'waitlist-accepted');

      const rows = await sql(
        server.databaseURL,
        `SELECT a.email, a.status, w.state FROM appointments a JOIN waitlist w ON w.appointment_id = a.id
         WHERE a.date = '${date}' AND a.time = '${time}' AND a.status <> 'cancelled'`,
      );
      assert.deepEqual(rows, [[visitor, 'pending', 'booked']]);
      await server.mailbox.waitFor(
        (m) => m.to.includes(visitor) && /Nous avons bien reçu votre demande/.test(m.subject),
        `confirming ${visitor}'s booking`,
      );
      assert.deepEqual(
        problems.filter((p) => !/status of 409/.test(p)),
        [],
        'console errors (the one 409 is the taken slot)',
      );
    } catch (err) {
      await screenshot(page, 'waitlist-failed').catch(() => {});
      err.message += `\n--- server log (tail) ---\n${server.logs().slice(-4000)}`;
      throw err;
    } finally {
      await context.close();
      await staffContext.close();
    }
  });
});
