// The console in a real browser against the real server: roles, live bookings, edits,
// bulk actions, export, calendar, inline clients, chat transcripts, accessibility.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { axeViolations, e2eSkipReason, launchBrowser, screenshot, startServer } from './harness.mjs';
import { book, createStaff, freeSlot, hasRoute, menuOf, signIn, sql, STAFF, uniqueWord } from './console-helpers.mjs';

const skip = e2eSkipReason();

describe('operations console', () => {
  let server;
  let browser;
  let admin; // a signed-in admin context shared by the tests that need one

  before(async () => {
    if (skip) return;
    server = await startServer();
    await createStaff(server);
    browser = await launchBrowser();
    admin = await browser.newContext({ baseURL: server.baseURL, acceptDownloads: true });
    await signIn(await admin.newPage(), STAFF.admin);
  }, { timeout: 120_000 });

  after(async () => {
    await admin?.close();
    await browser?.close();
    await server?.stop();
  });

  async function adminPage(path) {
    const page = await admin.newPage();
    await page.goto(path);
    return page;
  }

  async function needRoutes(t, routes) {
    for (const [method, path] of routes) {
      if (!(await hasRoute(server, method, path))) {
        t.skip(`${method} ${path} is not served yet`);
        return false;
      }
    }
    return true;
  }

  test('sign-in refuses wrong credentials with the spec message', { skip }, async (t) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => context.close());
    const page = await context.newPage();
    await page.goto('/admin/appointments');
    await page.waitForURL('**/admin/login');
    await page.getByLabel('E-mail').fill(STAFF.admin);
    await page.getByLabel('Mot de passe').fill('wrong-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').filter({ hasText: 'Identifiants invalides. Veuillez réessayer.' }).first().waitFor();
    await screenshot(page, 'console-login');
    assert.deepEqual(await axeViolations(page), []);
  });

  test('each role sees its menu and is sent away from a forbidden page', { skip }, async (t) => {
    const expected = {
      admin: {
        landing: '/admin/dashboard',
        menu: ['Tableau de bord', 'Conversations', 'Réponses types', 'Rendez-vous', "Liste d'attente", 'Nouveau RDV', 'Clients', 'Projets', 'Notifications', 'Messages', 'Utilisateurs', 'Paramètres', 'Opérations'],
      },
      moderator: {
        landing: '/admin/dashboard',
        menu: ['Tableau de bord', 'Conversations', 'Rendez-vous', "Liste d'attente", 'Nouveau RDV', 'Clients'],
        forbidden: ['/admin/users', "Vous n'avez pas l'autorisation de gérer les utilisateurs", '/admin/dashboard'],
      },
      editor: {
        landing: '/admin/conversations',
        menu: ['Conversations', 'Rendez-vous', "Liste d'attente", 'Nouveau RDV'],
        forbidden: ['/admin/dashboard', "Vous n'avez pas l'autorisation de voir le tableau de bord", '/admin/appointments'],
      },
    };
    for (const [role, want] of Object.entries(expected)) {
      const context = await browser.newContext({ baseURL: server.baseURL });
      t.after(() => context.close());
      const page = await context.newPage();
      await signIn(page, STAFF[role]);
      assert.equal(new URL(page.url()).pathname, want.landing, `${role} lands on ${want.landing}`);
      assert.deepEqual(await menuOf(page), want.menu, `${role}'s menu`);
      const sidebar = page.getByRole('complementary');
      await sidebar.getByText(STAFF[role], { exact: true }).waitFor();
      await sidebar.getByText({ admin: 'Administrateur', moderator: 'Modérateur', editor: 'Éditeur' }[role], { exact: true }).waitFor();
      // The bell: notifications for admins, and for every role the visitors waiting for a person.
      assert.equal(await page.getByRole('button', { name: /^Notifications/ }).count(), 1, 'the bell');
      if (want.forbidden) {
        const [path, message, target] = want.forbidden;
        await page.goto(path);
        await page.getByText(message).waitFor();
        await page.waitForURL(`**${target}`);
      }
    }
  });

  test('a booking from the public form appears in an open console within two seconds', { skip }, async () => {
    const page = await adminPage('/admin/appointments');
    await page.locator('[data-live="live"]').waitFor({ timeout: 10_000 });
    await page.getByRole('table').or(page.getByText('Aucun rendez-vous ne correspond à vos critères.')).first().waitFor();
    const name = `Live Visiteur ${uniqueWord()}`;
    const started = Date.now();
    await book(server, { name });
    await page.getByRole('button', { name, exact: true }).waitFor({ timeout: 2_000 });
    const elapsed = Date.now() - started;
    assert.ok(elapsed <= 2_000, `appeared after ${elapsed} ms`);
    await page.getByText('Nouveau rendez-vous', { exact: true }).first().waitFor();
    await page.getByText(new RegExp(`${name}.*Général`)).first().waitFor();
    await screenshot(page, 'console-appointments-live');
    await page.close();
  });

  test('editing the status writes the history', { skip }, async (t) => {
    if (!(await needRoutes(t, [['PATCH', '/api/admin/appointments/x']]))) return;
    const name = `Edit Statut ${uniqueWord()}`;
    await book(server, { name });
    const page = await adminPage('/admin/appointments');
    await page.getByRole('button', { name: `Modifier ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le rendez-vous' });
    await dialog.getByLabel('Statut').selectOption('confirmed');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Rendez-vous mis à jour avec succès!').waitFor();
    await page.getByRole('button', { name, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Détails du rendez-vous' });
    const history = details.getByRole('region', { name: 'Historique des statuts' }).or(details.locator('section[aria-labelledby="details-history"]'));
    await history.getByText('Confirmé').first().waitFor();
    await history.getByText('En attente').first().waitFor();
    await screenshot(page, 'console-appointment-details');
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await page.close();
  });

  test('bulk status update and bulk delete', { skip }, async (t) => {
    if (!(await needRoutes(t, [['POST', '/api/admin/appointments/bulk']]))) return;
    const marker = `Bulk${uniqueWord()}`;
    for (const i of ['A', 'B', 'C']) await book(server, { name: `${marker} Client ${i}` });
    const page = await adminPage('/admin/appointments');
    await page.getByPlaceholder(/Rechercher/).fill(marker);
    await page.getByPlaceholder(/Rechercher/).press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3);
    await page.getByRole('button', { name: `${marker} Client C`, exact: true }).waitFor();
    await page.getByLabel('Tout sélectionner').check();
    const bar = page.getByRole('region', { name: 'Actions groupées' });
    await bar.getByRole('combobox').selectOption('confirmed');
    await bar.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByText('3 rendez-vous mis à jour vers Confirmé!').waitFor();
    // The list is fetched again after the toast.
    await page.waitForFunction(() => document.querySelectorAll('tbody .badge--status-confirmed').length === 3);
    await page.getByLabel('Tout sélectionner').check();
    await bar.getByRole('button', { name: 'Supprimer la sélection' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer la sélection' });
    await confirm.getByText('Êtes-vous sûr de vouloir supprimer 3 rendez-vous?').waitFor();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('3 rendez-vous supprimés avec succès!').waitFor();
    await page.getByText('Aucun rendez-vous ne correspond à vos critères.').waitFor();
    await page.close();
  });

  test('CSV export downloads the filtered rows', { skip }, async (t) => {
    const probe = await admin.request.get('/api/admin/appointments/export.csv');
    if (!(probe.headers()['content-type'] ?? '').includes('csv')) {
      t.skip('GET /api/admin/appointments/export.csv is not served yet');
      return;
    }
    const marker = `Export${uniqueWord()}`;
    await book(server, { name: `${marker} Un` });
    await book(server, { name: `${marker} Deux` });
    const page = await adminPage('/admin/appointments');
    await page.getByPlaceholder(/Rechercher/).fill(marker);
    await page.getByPlaceholder(/Rechercher/).press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    await page.getByRole('button', { name: `${marker} Deux`, exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter CSV' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.match(lines[0], /Name.*Email.*Phone.*Service.*Date.*Time.*Message.*Status.*Created At/);
    assert.equal(lines.length, 3, csv);
    assert.ok(lines.slice(1).every((l) => l.includes(marker)), csv);
    await page.getByText('Rendez-vous exportés en CSV avec succès!').waitFor();
    await page.close();
  });

  test('the calendar shows a booking on its day', { skip }, async () => {
    const slot = await freeSlot(server, 1, 3);
    const name = `Calendrier ${uniqueWord()}`;
    await book(server, { name, ...slot });
    const page = await adminPage('/admin/appointments');
    await page.getByRole('button', { name: 'Afficher le calendrier' }).click();
    const [year, month] = slot.date.split('-').map(Number);
    const now = new Date();
    for (let i = 0; i < (year - now.getFullYear()) * 12 + month - 1 - now.getMonth(); i++) {
      await page.getByRole('button', { name: 'Mois suivant' }).click();
    }
    const day = page.locator(`button[data-date="${slot.date}"]`);
    await day.locator('.dot').first().waitFor();
    await screenshot(page, 'console-calendar');
    await day.click();
    const dialog = page.getByRole('dialog').filter({ hasText: name });
    await dialog.getByRole('button', { name: new RegExp(name) }).click();
    const detail = page.getByRole('dialog', { name: 'Rendez-vous' });
    await detail.getByText(name).waitFor();
    await detail.getByText(slot.time).waitFor();
    await page.close();
  });

  test('a client entered inline fills the form and is created with the booking', { skip }, async (t) => {
    if (!(await needRoutes(t, [['POST', '/api/admin/appointments']]))) return;
    const page = await adminPage('/admin/new-appointment');
    await page.getByText('Le rendez-vous sera créé avec le statut En attente.').waitFor();
    await page.getByRole('button', { name: 'Créer Nouveau Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer Nouveau Client' });
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Nom et prénom sont requis').waitFor();
    const stamp = Date.now();
    await dialog.getByLabel('Prénom').fill('Yasmine');
    await dialog.getByLabel(/^Nom/).fill(`Haddad${stamp}`);
    await dialog.getByLabel('E-mail').fill(`yasmine${stamp}@example.dz`);
    await dialog.getByLabel('Téléphone 1').fill('0661 23 45 67');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await page.getByText(`Nouveau client, créé avec le rendez-vous : Yasmine Haddad${stamp}`).waitFor();
    assert.equal(await page.getByLabel('Nom complet').inputValue(), `Yasmine Haddad${stamp}`);
    assert.equal(await page.getByLabel('E-mail').inputValue(), `yasmine${stamp}@example.dz`);
    assert.equal(await page.getByRole('textbox', { name: 'Téléphone' }).inputValue(), '0661 23 45 67');
    const slot = await freeSlot(server, 3, 5);
    await page.getByLabel('Date', { exact: true }).fill(slot.date);
    await page.getByLabel('Heure').locator(`option[value="${slot.time}"]`).waitFor({ state: 'attached' });
    await page.getByLabel('Heure').selectOption(slot.time);
    await screenshot(page, 'console-new-appointment');
    await page.getByRole('button', { name: 'Créer le rendez-vous' }).click();
    await page.waitForURL('**/admin/appointments');
    await page.getByRole('button', { name: `Yasmine Haddad${stamp}`, exact: true }).waitFor();
    await page.close();
  });

  test('a chat booking shows its transcript', { skip }, async (t) => {
    if (!(await needRoutes(t, [['GET', '/api/admin/appointments/x/transcript']]))) return;
    const slot = await freeSlot(server, 4, 7);
    const name = `Chat Visiteuse ${Date.now()}`;
    const id = await sql(
      server,
      `INSERT INTO appointments (name, email, phone, date, time, starts_at, message, source, status_dashboard)
       VALUES ('${name}', 'chat@example.dz', '0770 11 22 33', '${slot.date}', '${slot.time}',
         ('${slot.date}'::date + '${slot.time}'::time) AT TIME ZONE 'Africa/Algiers', 'Réservé par le chat', 'chat', 'new') RETURNING id`,
    );
    const conversation = await sql(
      server,
      `INSERT INTO chat_conversations (session_id, appointment_id, last_step) VALUES ('e2e-${Date.now()}', '${id.split('\n')[0]}', 'booked') RETURNING id`,
    );
    await sql(
      server,
      `INSERT INTO chat_messages (conversation_id, sender, text, source) VALUES
       ('${conversation.split('\n')[0]}', 'user', 'Bonjour, je veux un rendez-vous', NULL),
       ('${conversation.split('\n')[0]}', 'bot', 'Avec plaisir ! Quel est votre nom ?', 'flow')`,
    );
    const page = await adminPage('/admin/appointments');
    await page.getByRole('button', { name, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Détails du rendez-vous' });
    await details.getByText('Conversation du chat').waitFor();
    await details.getByText('Bonjour, je veux un rendez-vous').waitFor();
    await details.getByText('Avec plaisir ! Quel est votre nom ?').waitFor();
    await screenshot(page, 'console-chat-transcript');
    await page.close();
  });

  test('every console page passes axe and is photographed', { skip }, async () => {
    const pages = ['dashboard', 'canned-replies', 'appointments', 'waitlist', 'new-appointment', 'clients', 'projects', 'notifications', 'users', 'settings', 'ops'];
    const page = await admin.newPage();
    await page.goto('/admin/dashboard');
    const menu = page.getByRole('navigation', { name: 'Menu de la console' });
    const problems = {};
    for (const name of pages) {
      // Client-side navigation, as staff move around: no reload between pages.
      await menu.locator(`a[href="/admin/${name}"]`).click();
      await page.waitForURL(`**/admin/${name}`);
      await page.locator('h1').first().waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
      await page.waitForTimeout(300); // let charts settle before the screenshot
      if (name === 'ops') {
        // Whatever series the server sends are charted; none yet shows the empty state.
        await page.locator('figure.chart').or(page.getByText("Aucune série disponible pour l'instant.")).first().waitFor();
        await page.getByRole('button', { name: '24 h' }).click();
        await page.locator('button[aria-pressed="true"]', { hasText: '24 h' }).waitFor();
      }
      await screenshot(page, `console-${name}`);
      const violations = await axeViolations(page);
      if (violations.length) problems[name] = violations;
    }
    await page.goto('/admin/appointments');
    await page.getByRole('button', { name: 'Langue' }).first().click();
    await page.getByRole('button', { name: 'العربية' }).first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { name: 'المواعيد' }).waitFor();
    await screenshot(page, 'console-appointments-ar');
    const rtl = await axeViolations(page);
    if (rtl.length) problems['appointments-ar'] = rtl;
    await page.getByRole('button', { name: 'اللغة' }).first().click();
    await page.getByRole('button', { name: 'Français' }).first().click();
    assert.deepEqual(problems, {});
    await page.close();
  });
});
