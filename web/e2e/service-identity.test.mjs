// A service booked in several languages is one service in the console: the French filter
// finds the English booking, and the dashboard draws one bar for it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { book, createStaff, signIn, STAFF } from './console-helpers.mjs';

const skip = e2eSkipReason();

describe('a service whatever the language it was booked in', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('the French filter finds the English booking, and the dashboard draws one bar', { timeout: 120_000 }, async (t) => {
    await book(server, { name: 'Nora English', service: 'Photo and video shooting' });
    await book(server, { name: 'Nadia Francais', service: 'Shooting photo et vidéo' });
    await book(server, { name: 'Walid Web', service: 'developpement-web' });

    const context = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => context.close());
    const page = await context.newPage();
    await signIn(page, STAFF.admin);

    await page.goto('/admin/appointments');
    const table = page.locator('table');
    await table.getByText('Walid Web').waitFor();
    const filter = page.getByRole('combobox', { name: 'Service' });
    const shoot = await filter.locator('option', { hasText: 'Shooting photo et vidéo' }).getAttribute('value');
    assert.equal(shoot, 'shooting-photo-video'); // the filter names the service by its slug
    await filter.selectOption(shoot);
    await table.getByText('Nora English').waitFor();
    await table.getByText('Nadia Francais').waitFor();
    await table.getByText('Walid Web').waitFor({ state: 'detached' });
    // The service is named in the console's language, whatever language booked it.
    assert.equal(await table.getByText('Shooting photo et vidéo').count(), 2);
    await screenshot(page, 'service-filter-fr');

    await page.goto('/admin/dashboard');
    await page.getByText('Réservations par service').waitFor();
    await screenshot(page, 'service-dashboard-fr');
    const chart = page.locator('figure.chart').filter({ hasText: 'Réservations par service' });
    await chart.locator('svg .recharts-bar-rectangle').first().waitFor();
    const drawn = await chart.locator('svg').first().textContent();
    assert.equal(drawn.split('Shooting photo').length - 1, 1, `one bar for the shoot: ${drawn}`);
    assert.doesNotMatch(drawn, /Photo and video|shooting-photo-video/);
    assert.equal(await chart.locator('svg .recharts-bar-rectangle').count(), 2, 'one bar for each of the two services');
  });
});
