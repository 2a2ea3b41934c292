// Smoke test of the public site in a real browser against the real server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, e2eSkipReason, launchBrowser, screenshot, startServer } from './harness.mjs';

// Skipped test by test, so the runner counts and explains them.
const skip = e2eSkipReason();

describe('public site smoke', () => {
  let server;
  let browser;
  let context;

  before(async () => {
    if (skip) return;
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.baseURL });
  }, { timeout: 120_000 });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  test('home page is in French, left to right', { skip }, async () => {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('navigation').first().waitFor();
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
    await screenshot(page, 'smoke-home');
    assert.deepEqual(await axeViolations(page), []);
  });

  test('unknown path shows the not-found page with a link home', { skip }, async () => {
    const page = await context.newPage();
    await page.goto('/nope');
    await page.getByText('Oups ! Page introuvable').waitFor();
    const home = page.getByRole('link', { name: "Retour à l'accueil" });
    assert.equal(await home.getAttribute('href'), '/');
    await screenshot(page, 'smoke-not-found');
  });

  test('Arabic mirrors the page and is remembered', { skip }, async (t) => {
    // A context of its own, so the stored choice does not leak into other tests.
    const own = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => own.close());
    const page = await own.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: /Langue/ }).click();
    await page.getByRole('button', { name: 'العربية' }).first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.getAttribute('html', 'lang'), 'ar');
    await page.reload();
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).waitFor();
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    await screenshot(page, 'smoke-home-ar');
  });
});
