// Who meets them: an admin makes two consultants with different hours and services through
// the console; a visitor books a video consultation with one of them by the form; the
// console shows the consultant and the video link on that appointment, in the list, the
// details and the consultant's week; and the consultant, signed in, lands on their own
// appointments.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { createStaff, signIn, sql, STAFF } from './console-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

/** A business day (Sunday to Thursday) a week or so ahead, as YYYY-MM-DD, and that date. */
function businessDayAhead(days = 8) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  while (d.getDay() === 5 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { iso, date: d };
}

/** How many weeks (Sunday to Saturday) lie between this week and the one of date. */
function weeksAhead(date) {
  const sunday = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - d.getDay());
  return Math.round((sunday(date) - sunday(new Date())) / (7 * 86_400_000));
}

/** Opens a staff user's consultant profile on the users page and makes them a consultant. */
async function makeConsultant(page, email, { name, services, mornings }) {
  await page.goto('/admin/users');
  await page.getByRole('button', { name: `Profil de consultant de ${email}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Reçoit des prospects (consultant)' }).check();
  await dialog.getByLabel('Nom vu par les visiteurs').fill(name);
  for (const service of services) await dialog.getByRole('checkbox', { name: service, exact: true }).check();
  if (mornings) {
    // Sunday to Thursday: only the morning range stays.
    for (const day of ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi']) {
      await dialog.getByRole('button', { name: `Retirer la plage 2 du ${day}` }).click();
    }
  }
  await screenshot(page, `consultants-dialog-${name}-fr`);
  assert.deepEqual(await axeViolations(page), [], `the consultant profile of ${name}`);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText(`${name} est enregistré comme consultant`).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('who meets them', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('two consultants made in the console; a visitor books a video call with one; both sides see it', { timeout: 240_000 }, async (t) => {
    const admin = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => admin.close());
    const console_ = await admin.newPage();
    await signIn(console_, STAFF.admin);

    // Yacine meets mornings only, for web development and consultations; Lina all day, consultations only.
    await makeConsultant(console_, STAFF.moderator, { name: 'Yacine', services: ['Développement web', 'Consultation'], mornings: true });
    await makeConsultant(console_, STAFF.editor, { name: 'Lina', services: ['Consultation'], mornings: false });
    const users = console_.getByRole('table', { name: 'Utilisateurs' });
    await users.getByText('Yacine', { exact: true }).waitFor();
    await users.getByText('Lina', { exact: true }).waitFor();
    await screenshot(console_, 'consultants-users-fr');
    assert.equal(await sql(server, `SELECT count(*) FROM consultant_hours h JOIN admin_users u ON u.id = h.user_id WHERE u.email = '${STAFF.moderator}'`), '5');
    assert.equal(await sql(server, `SELECT count(*) FROM consultant_hours h JOIN admin_users u ON u.id = h.user_id WHERE u.email = '${STAFF.editor}'`), '10');

    // The visitor: a consultation by video, with Lina, at 14:00 (when only Lina works).
    const visitor = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR' });
    t.after(() => visitor.close());
    const site = await visitor.newPage();
    await site.goto('/rendez-vous');
    const form = site.locator('form.appt-form');
    await form.getByLabel('Nom complet').fill('Samia Haddad');
    await form.getByLabel('E-mail').fill('samia.haddad@example.dz');
    await form.getByLabel('Téléphone').fill('0770 12 34 56');
    // The catalogue's names replace the slugs offered before it loads.
    await form.locator('option[value="Consultation"]').waitFor({ state: 'attached' });
    await form.getByLabel('Service').selectOption({ label: 'Consultation' });
    await form.getByRole('radio', { name: 'En visioconférence' }).check({ force: true });
    const withWhom = form.getByLabel('Avec qui ? (facultatif)');
    await withWhom.waitFor();
    assert.deepEqual(await withWhom.locator('option').allTextContents(), ['Pas de préférence', 'Lina', 'Yacine']);
    await withWhom.selectOption({ label: 'Lina' });
    const { iso, date } = businessDayAhead();
    await form.getByLabel('Date').fill(iso);
    await form.getByRole('radio', { name: /^14:00/ }).check({ force: true });
    await screenshot(site, 'consultants-form-fr');
    await form.getByRole('button', { name: 'Demander un rendez-vous' }).click();
    await site.waitForURL(/\/rendez-vous\/confirmation\/[A-Za-z0-9_-]{43}$/);

    const stored = await sql(
      server,
      `SELECT a.mode || ' ' || c.name || ' ' || a.meeting_url FROM appointments a JOIN consultants c ON c.user_id = a.consultant_id WHERE a.email = 'samia.haddad@example.dz'`,
    );
    const [mode, owner, link] = stored.split(' ');
    assert.equal(mode, 'video');
    assert.equal(owner, 'Lina');
    assert.match(link, /^https:\/\/meet\.jit\.si\/\S+$/);

    // The console: the consultant in the list, and the consultant and the link in the details.
    await console_.goto('/admin/appointments');
    const row = console_.locator('tr', { hasText: 'Samia Haddad' });
    await row.waitFor();
    assert.equal((await row.locator('td[data-column="consultant"]').textContent()).trim(), 'Lina');
    await row.getByRole('button', { name: 'Samia Haddad', exact: true }).click();
    const details = console_.getByRole('dialog');
    await details.getByRole('link', { name: link }).waitFor();
    assert.equal(await details.getByRole('link', { name: link }).getAttribute('href'), link);
    await details.getByText('Lina', { exact: true }).first().waitFor();
    assert.equal(await details.getByRole('form', { name: 'Qui le reçoit' }).getByRole('combobox').inputValue(), await sql(server, `SELECT id FROM admin_users WHERE email = '${STAFF.editor}'`));
    await screenshot(console_, 'consultants-details-fr');
    await details.getByRole('button', { name: 'Fermer' }).click().catch(() => console_.keyboard.press('Escape'));
    await details.waitFor({ state: 'detached' });

    // Lina's week holds it at 14:00; a click opens it.
    await console_.getByRole('button', { name: 'Semaine par consultant' }).click();
    const week = console_.locator('section.week');
    await week.getByRole('combobox').selectOption({ label: 'Lina' });
    for (let i = 0; i < weeksAhead(date); i++) await week.getByRole('button', { name: 'Semaine suivante' }).click();
    const cell = week.locator(`td[data-date="${iso}"][data-time="14:00"]`);
    await cell.getByRole('button', { name: /Samia Haddad/ }).click();
    await console_.getByRole('dialog').getByRole('link', { name: link }).waitFor();
    await screenshot(console_, 'consultants-week-fr');
    assert.deepEqual(await axeViolations(console_), [], 'the week and the details');

    // Lina, signed in, lands on her own appointments, as a filter she can clear.
    const lina = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => lina.close());
    const own = await lina.newPage();
    await signIn(own, STAFF.editor);
    await own.waitForURL((url) => url.pathname === '/admin/appointments' && url.searchParams.get('consultant') === 'me');
    const chip = own.getByRole('button', { name: 'Retirer le filtre Consultant : Moi (mes rendez-vous)' });
    await chip.waitFor();
    await own.locator('tr', { hasText: 'Samia Haddad' }).waitFor();
    await screenshot(own, 'consultants-mine-fr');
    await chip.click();
    await own.waitForURL((url) => !url.searchParams.has('consultant'));

    // Yacine's own appointments do not hold it.
    const yacine = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => yacine.close());
    const his = await yacine.newPage();
    await signIn(his, STAFF.moderator);
    await his.waitForURL((url) => url.searchParams.get('consultant') === 'me');
    await his.getByText('Aucun rendez-vous ne correspond à vos critères.').or(his.locator('table tbody tr').first()).waitFor();
    assert.equal(await his.locator('tr', { hasText: 'Samia Haddad' }).count(), 0);
  });
});
