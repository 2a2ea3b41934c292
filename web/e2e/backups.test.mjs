// Backups in a real browser against the real server: "back up now" on the Settings page
// makes a dump in DOTA_BACKUP_DIR and the list shows it done; auto_backup is accepted where
// the server can back up.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { axeViolations, e2eSkipReason, launchBrowser, screenshot, startServer } from './harness.mjs';
import { createStaff, signIn, STAFF } from './console-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

describe('backups', { skip }, () => {
  let server;
  let browser;
  let dir;

  before(async () => {
    if (skip) return;
    dir = await mkdtemp(join(tmpdir(), 'dota-backups-'));
    server = await startServer({ env: { DOTA_BACKUP_DIR: dir, DOTA_BACKUP_KEEP: '3' } });
    await createStaff(server);
    browser = await launchBrowser();
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('backed up from the Settings page, listed done, its dump in the directory', { timeout: 120_000 }, async (t) => {
    const staff = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => staff.close());
    const page = await staff.newPage();
    await signIn(page, STAFF.admin);
    await page.goto('/admin/settings');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Sauvegardes' }) });
    await card.getByText("Aucune sauvegarde pour l'instant.").waitFor();
    await card.getByRole('button', { name: 'Sauvegarder maintenant' }).click();
    await page.getByText('Sauvegarde lancée').first().waitFor();
    await card.locator('tbody tr').filter({ hasText: 'Terminée' }).waitFor({ timeout: 30_000 });
    const row = await card.locator('tbody tr').first().textContent();
    assert.match(row, /À la main/);
    const [file] = (await readdir(dir)).filter((f) => f.endsWith('.dump'));
    assert.ok(file && row.includes(file), `the row names the dump: ${row}, directory ${await readdir(dir)}`);

    // auto_backup is accepted here.
    await page.getByRole('switch', { name: /Sauvegarde automatique/ }).check();
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await page.getByText('Paramètres enregistrés avec succès !').first().waitFor();
    await screenshot(page, 'console-backups');
    assert.deepEqual(await axeViolations(page), []);
  });
});
