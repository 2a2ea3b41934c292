// A person's data requests in the console, against the real binary: a moderator exports
// everything held on a client as a JSON file; an administrator erases the person, who
// still has an appointment ahead — the dialog asks to cancel it in the same action — and
// the database keeps the appointment's slot without the person.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { book, createStaff, signIn, sql, STAFF } from './console-helpers.mjs';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';

const skip = e2eSkipReason({ binary: true });

describe('personal data', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('export as a moderator, erase as an administrator', { timeout: 180_000 }, async () => {
    const email = `yasmine.${Date.now()}@example.dz`;
    const appt = await book(server, { name: 'Yasmine Kaddour', email, phone: '0770 44 55 66' });
    const context = await browser.newContext({ baseURL: server.baseURL, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signIn(page, STAFF.moderator);
      await page.goto('/admin/clients');
      await page.getByRole('searchbox').fill('Kaddour');
      const row = page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      assert.equal(await row.getByTestId('client-erase').count(), 0, 'moderators do not erase');
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('client-export').click()]);
      assert.match(download.suggestedFilename(), /^client-[0-9a-f-]{36}\.json$/);
      const doc = JSON.parse(await readFile(await download.path(), 'utf8'));
      assert.equal(doc.client.email, email);
      assert.equal(doc.appointments[0].id, appt.id);

      // Signed out once the server says so: a sign-in that leaves meanwhile would cancel it.
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/logout' && r.ok()),
        page.getByRole('button', { name: 'Se déconnecter' }).click(),
      ]);
      await signIn(page, STAFF.admin);
      await page.goto('/admin/clients');
      await page.getByRole('searchbox').fill('Kaddour');
      await row.waitFor();
      await row.getByTestId('client-erase').click();
      const dialog = page.getByRole('dialog');
      const confirm = dialog.getByTestId('erase-confirm');
      assert.equal(await confirm.isDisabled(), true, 'disabled until the name is typed');
      await dialog.getByTestId('erase-confirm-input').fill('yasmine   KADDOUR');
      await confirm.click();
      // Her appointment is ahead: the dialog lists it and asks to cancel it too.
      const cancel = dialog.getByRole('checkbox', { name: 'Annuler ces rendez-vous dans la même action' });
      await cancel.waitFor();
      await screenshot(page, 'erase-upcoming');
      await cancel.check();
      await confirm.click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Données personnelles effacées').first().waitFor();

      const [status, name, held] = (
        await sql(server, `SELECT status, name, coalesce(email, '') FROM appointments WHERE id = '${appt.id}'`)
      ).split('|');
      assert.deepEqual([status, name, held], ['cancelled', '[effacé]', '']);
      assert.equal(await sql(server, `SELECT count(*) FROM clients WHERE email = '${email}'`), '0');
      assert.equal(await sql(server, `SELECT count(*) FROM erasures`), '1');
    } catch (err) {
      await screenshot(page, 'personal-failed').catch(() => {});
      err.message += `\n--- server log (tail) ---\n${server.logs().slice(-4000)}`;
      throw err;
    } finally {
      await context.close();
    }
  });
});
