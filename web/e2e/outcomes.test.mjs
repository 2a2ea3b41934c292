// What happened at a meeting, in a real browser against the real server: an appointment
// whose time has passed shows in the list's "no outcome yet" filter (the daily alert's
// link), staff record in its details that the prospect did not come, and the dashboard's
// no-show rate over the last 30 days moves from 0 % to 100 %.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { book, createStaff, signIn, sql, STAFF, uniqueWord } from './console-helpers.mjs';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';

const skip = e2eSkipReason({ binary: true });

/** The dashboard's no-show rate card, as shown. */
async function noShowRate(page) {
  await page.goto('/admin/dashboard');
  const card = page.getByTestId('no-show-rate');
  await card.waitFor();
  return (await card.locator('.stat-card__value').textContent()).replace(/\s/g, '');
}

describe('meeting outcomes', () => {
  let server;
  let browser;
  serveSuite({ skip, setUp: createStaff }, (s, b) => {
    server = s;
    browser = b;
  });

  test('an outcome recorded in the console moves the dashboard’s no-show rate', { skip, timeout: 180_000 }, async (t) => {
    const name = `Nadia ${uniqueWord()}`;
    const appointment = await book(server, { name });
    // The meeting was yesterday: its time has passed, nobody said what happened.
    await sql(server, `UPDATE appointments SET date = (now() - interval '1 day')::date,
      starts_at = now() - interval '1 day' WHERE id = '${appointment.id}'`);

    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => context.close());
    const page = await context.newPage();
    await signIn(page, STAFF.moderator);
    assert.equal(await noShowRate(page), '0%');

    // The daily alert's page: past meetings without an outcome.
    await page.goto('/admin/appointments?outcome=missing');
    const filter = page.getByRole('combobox', { name: 'Issue' });
    await filter.waitFor();
    assert.equal(await filter.inputValue(), 'missing');
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Comment s’est passé le rendez-vous ?' }).or(
      dialog.getByRole('heading', { name: "Comment s'est passé le rendez-vous ?" })).waitFor();
    await dialog.getByRole('button', { name: 'Pas venu', exact: true }).click();
    await dialog.getByRole('button', { name: 'Pas venu', exact: true, pressed: true }).waitFor();
    await screenshot(page, 'outcome-recorded');
    assert.equal(await sql(server, `SELECT outcome || ' ' || outcome_by FROM appointments WHERE id = '${appointment.id}'`),
      `no_show ${STAFF.moderator}`);
    await page.keyboard.press('Escape');

    // Recorded, it leaves the list of meetings without an outcome.
    await page.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });

    assert.equal(await noShowRate(page), '100%');
    await screenshot(page, 'outcome-dashboard');
  });
});
