// Helpers shared by the public-site browser tests.
import { execFile } from 'node:child_process';

/** Runs one SQL query on the test server's database and returns the rows as arrays of strings. */
export function sql(databaseURL, query) {
  return new Promise((resolve, reject) => {
    execFile('psql', [databaseURL, '-XqAt', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-c', query], (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve(stdout.trim() ? stdout.trim().split('\n').map((line) => line.split('\t')) : []);
    });
  });
}

/** A business day (Sunday to Thursday) about a week ahead, as YYYY-MM-DD. */
export function nextBusinessDay(daysAhead = 7) {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  while (d.getUTCDay() === 5 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Collects the page's console errors, page errors and CSP violations. Requests to
 * other hosts are left out (the sandbox is offline: YouTube thumbnails cannot load),
 * and so is the 404 of GET /api/site while the server does not offer that route.
 */
export function watchConsole(page, baseURL) {
  const problems = [];
  const ignoredUrls = [];
  page.on('response', (res) => {
    const url = res.url();
    if (res.status() === 404 && new URL(url).pathname === '/api/site') ignoredUrls.push(url);
  });
  page.on('requestfailed', (req) => {
    if (!req.url().startsWith(baseURL)) ignoredUrls.push(req.url());
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const where = msg.location()?.url ?? '';
    if (/Failed to load resource/.test(text) && (ignoredUrls.includes(where) || !where.startsWith(baseURL))) return;
    problems.push(text);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return problems;
}

/** Follows a link inside the app without reloading it (as the router does on a click). */
export async function navigate(page, path) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Moves the pointer over the page, as a visitor does: a prerendered page that shows all
 * it has starts its app at the visitor's first gesture (src/app/wake.ts).
 */
export async function wake(page) {
  await page.mouse.move(1, 1);
}

/** Waits until the page's heading is in, the app has started and nothing in <main> is still loading. */
export async function settled(page) {
  await page.locator('main h1').first().waitFor();
  await wake(page);
  await page.waitForFunction(
    () => !document.querySelector('main [aria-busy="true"], main .page-loader, main .status-text[role="status"]'),
  );
}

/** Sends a chat message by typing it and pressing Enter, then resolves to Dota's answer. */
export async function chatSay(page, panel, text) {
  const answered = page.waitForResponse((r) => r.url().includes('/messages') && r.request().method() === 'POST');
  await panel.getByRole('textbox').fill(text);
  await panel.getByRole('textbox').press('Enter');
  return (await answered).json();
}

/** Taps one of the quick replies Dota offers, then resolves to the answer. */
export async function chatTap(page, panel, label) {
  const answered = page.waitForResponse((r) => r.url().includes('/messages') && r.request().method() === 'POST');
  await panel.locator('.chat-chip', { hasText: label }).first().click();
  return (await answered).json();
}
