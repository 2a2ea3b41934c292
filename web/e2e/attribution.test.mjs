// Where bookings come from, in a real browser against the real server: a visit opened
// from a campaign link books through the form, and the console shows its source and
// campaign in the list (filtered by them), the CSV and the dashboard; a visit from
// another site books as that site; an over-long campaign still books, cut.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { createStaff, freeSlot, signIn, sql, STAFF } from './console-helpers.mjs';
import { navigate, settled, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason();

describe('where bookings come from', { skip }, () => {
  let server;
  let browser;
  serveSuite({ skip, setUp: createStaff }, (s, b) => {
    server = s;
    browser = b;
  });

  /**
   * Opens url in a fresh context (a new visit), as if from referer, and books through the
   * form at the nth free slot; returns the phone number it booked with.
   */
  async function visitAndBook(url, { name, phone, referer, skipSlots }) {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'fr');
    });
    const page = await context.newPage();
    const problems = watchConsole(page, server.baseURL);
    try {
      const counted = page.waitForResponse((r) => r.url().includes('/api/events') && r.request().method() === 'POST');
      await page.goto(url, referer ? { referer } : undefined);
      await settled(page);
      assert.equal((await counted).status(), 204, 'the visit is counted');
      const slot = await freeSlot(server, 3, skipSlots);
      await navigate(page, '/rendez-vous');
      await settled(page);
      const form = page.locator('form.appt-form');
      await form.getByLabel('Nom complet').fill(name);
      await form.getByLabel('E-mail').fill(`${phone.replace(/\D/g, '')}@example.dz`);
      await form.getByLabel('Téléphone').fill(phone);
      await form.getByLabel('Service').selectOption({ label: 'Développement web' });
      await form.getByLabel('Date').fill(slot.date);
      // By the radio's value: its label may add the visitor's own time.
      await form.locator(`input[type="radio"][value="${slot.time}"]`).check({ force: true });
      await form.getByRole('button', { name: 'Demander un rendez-vous' }).click();
      await page.waitForURL(/\/rendez-vous\/confirmation\//);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }

  test('a campaign, a referring site and an over-long campaign reach the console, the CSV and the dashboard', { timeout: 60_000 }, async () => {
    await visitAndBook('/?utm_source=facebook&utm_campaign=ramadan&utm_medium=paid', {
      name: 'Nadia Campagne', phone: '0770 55 44 01', skipSlots: 0,
    });
    await visitAndBook('/', { name: 'Lamia Reseau', phone: '0770 55 44 02', referer: 'https://www.linkedin.com/', skipSlots: 1 });
    const long = 'x'.repeat(500);
    await visitAndBook(`/?utm_source=facebook&utm_campaign=${long}`, { name: 'Omar Longue', phone: '0770 55 44 03', skipSlots: 2 });

    const stored = await sql(server, `SELECT phone || ' ' || traffic_source || ' ' || length(campaign) || ' ' || left(campaign, 10)
      FROM appointments WHERE phone LIKE '0770 55 44 0%' ORDER BY phone`);
    assert.deepEqual(stored.split('\n'), [
      '0770 55 44 01 facebook 7 ramadan',
      '0770 55 44 02 linkedin.com 0 ',
      '0770 55 44 03 facebook 150 xxxxxxxxxx',
    ]);

    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await signIn(page, STAFF.admin);
      // Signed in: the console asks nothing it is refused from here on.
      const problems = watchConsole(page, server.baseURL);
      // The list filtered by source and campaign.
      await page.goto('/admin/appointments?traffic_source=facebook&campaign=ramadan');
      const table = page.locator('table.table');
      await table.getByRole('button', { name: 'Nadia Campagne', exact: true }).waitFor();
      assert.equal(await table.locator('tbody tr').count(), 1);
      await table.getByText('facebook · ramadan').waitFor();
      await screenshot(page, 'console-appointments-by-source');
      await page.goto('/admin/appointments?traffic_source=linkedin.com');
      await table.getByRole('button', { name: 'Lamia Reseau', exact: true }).waitFor();
      assert.equal(await table.locator('tbody tr').count(), 1);

      // The CSV, fetched with the staff member's session.
      const csv = await page.evaluate(async () => {
        const res = await fetch('/api/admin/appointments/export.csv?traffic_source=Facebook');
        return { status: res.status, text: await res.text() };
      });
      assert.equal(csv.status, 200);
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
      assert.match(lines[0], /,Traffic Source,Campaign,First Touch,Last Touch,Answers$/);
      assert.equal(lines.length, 3, csv.text);
      const nadia = lines.find((l) => l.startsWith('Nadia Campagne'));
      assert.match(nadia, /,facebook,ramadan,utm_source=facebook; utm_medium=paid; utm_campaign=ramadan; landing=\/; at=/);

      // The dashboard's sources: the campaign's visit and booking.
      await page.goto('/admin/dashboard');
      const section = page.getByTestId('traffic-sources');
      const row = section.locator('tr[data-source="facebook"][data-campaign="ramadan"]');
      await row.waitFor();
      assert.equal(await row.locator('[data-column="bookings"]').textContent(), '1');
      assert.ok(Number(await row.locator('[data-column="visits"]').textContent()) >= 1);
      await section.locator('tr[data-source="linkedin.com"]').waitFor();
      await section.getByText('Rendez-vous par origine').waitFor();
      await screenshot(page, 'console-dashboard-sources');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
