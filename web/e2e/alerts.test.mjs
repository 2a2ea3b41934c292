// Staff alerts in a real browser against the real server (with VAPID keys, so push is on):
// an admin turns alerts on in the profile — the notifications permission granted by the
// browser context; the console registers its service worker and asks for a subscription,
// which Chromium refuses here (Playwright's contexts are incognito, where Chromium has no
// Push API, and no push service is reachable anyway), and the page says so —; a visitor asks for a person and the server records the alert in its ledger, which
// the admin reads on the messages page. That alert's payload is then delivered to the
// registered service worker as the browser's push service would (DevTools'
// ServiceWorker.deliverPushMessage, a real push event); the worker shows the notification,
// and its click brings the open console tab to the conversation.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { createStaff, signIn, STAFF } from './console-helpers.mjs';
import { ALWAYS_OPEN, axeViolations, e2eSkipReason, launchBrowser, screenshot, startServer } from './harness.mjs';
import { watchConsole } from './site-helpers.mjs';

const exec = promisify(execFile);
const skip = e2eSkipReason({ binary: true });

/** A VAPID key pair from `dota vapid`, as the environment takes it. */
async function vapidKeys() {
  const { stdout } = await exec(process.env.DOTA_BIN, ['vapid']);
  const env = Object.fromEntries(stdout.trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2)));
  assert.ok(env.DOTA_VAPID_PUBLIC_KEY && env.DOTA_VAPID_PRIVATE_KEY, stdout);
  return env;
}

/** A visitor's conversation in which they ask for a person; resolves to the session id. */
async function visitorAsksForAPerson(baseURL) {
  const res = await fetch(`${baseURL}/api/chat/sessions`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lang: 'fr' }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const { session_id: sid } = await res.json();
  for (const text of ['Bonjour, je voudrais parler à un conseiller', 'Je veux un devis pour une boutique en ligne']) {
    const sent = await fetch(`${baseURL}/api/chat/sessions/${sid}/messages`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }),
    });
    assert.equal(sent.status, 200, await sent.text());
  }
  return sid;
}

describe('staff alerts', () => {
  let server;
  let browser;

  // The team is in whenever the test runs, so the visitor waits for a person at once.
  before(async () => {
    if (skip) return;
    server = await startServer({ officeHours: ALWAYS_OPEN, env: await vapidKeys() });
    await createStaff(server);
    browser = await launchBrowser();
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('an admin turns alerts on; a visitor waits; the pushed alert shows and its click opens the conversation', { skip, timeout: 180_000 }, async (t) => {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => context.close());
    await context.grantPermissions(['notifications'], { origin: server.baseURL });
    const page = await context.newPage();
    // The public site names no manifest and registers no worker (checked below, once DevTools watches).
    await page.goto('/');
    await page.waitForLoadState('load');
    assert.equal(await page.locator('link[rel="manifest"]').count(), 0);
    await signIn(page, STAFF.admin);
    const problems = watchConsole(page, server.baseURL); // after the sign-in page's expected 401

    // The console, and only it, names its manifest: it can be installed.
    const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.equal(manifest, '/admin/manifest.webmanifest');
    const app = await (await fetch(`${server.baseURL}${manifest}`)).json();
    assert.deepEqual([app.start_url, app.scope, app.display], ['/admin', '/admin', 'standalone']);
    for (const icon of app.icons) assert.equal((await fetch(`${server.baseURL}${icon.src}`)).status, 200, icon.src);

    // The registrations DevTools sees, to deliver a push to the console's worker.
    const cdp = await context.newCDPSession(page);
    const registrations = new Map();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      for (const r of list) registrations.set(r.scopeURL, r);
    });
    await cdp.send('ServiceWorker.enable');

    await page.goto('/admin/profile');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Alertes hors de la console' }) });
    await card.getByText('Les alertes sont désactivées dans ce navigateur.').waitFor();
    await screenshot(page, 'alerts-profile-off');
    const subscribed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/me/push-subscriptions').catch(() => null);
    await card.getByRole('button', { name: 'Activer les alertes dans ce navigateur' }).click();
    // A browser that reaches a push service is subscribed; this sandbox's is refused, and says so.
    const outcome = card.getByRole('status').getByText('Les alertes sont activées dans ce navigateur.')
      .or(card.getByRole('alert').getByText(/^Impossible d'activer les alertes dans ce navigateur : /));
    await outcome.waitFor({ timeout: 30_000 });
    const refused = await card.getByRole('alert').count();
    if (!refused) assert.equal((await subscribed)?.status(), 201);
    await screenshot(page, 'alerts-profile-turned-on');
    assert.deepEqual(await axeViolations(page), [], 'the profile with its alerts');

    // The worker is registered under /admin/ and active, whatever the push service said.
    const scope = `${server.baseURL}/admin/`;
    const worker = await page.evaluate(async (s) => {
      const reg = await navigator.serviceWorker.getRegistration(s);
      return reg?.active?.scriptURL ?? null;
    }, scope);
    assert.equal(worker, `${server.baseURL}/admin/sw.js`);
    // The only registration is the console's: the public site visited first made none.
    assert.deepEqual([...registrations.keys()], [scope]);

    // A visitor asks for a person: the server raises the alert to the admin, in its ledger.
    const sid = await visitorAsksForAPerson(server.baseURL);
    let alert;
    for (let i = 0; i < 100 && !alert; i++) {
      const ledger = await page.evaluate(async () => (await fetch('/api/admin/alerts?event=visitor_waiting&lang=fr')).json());
      alert = ledger.items.find((a) => a.user_email === STAFF.admin && a.channel === 'push' && a.state !== 'pending');
      if (!alert) await page.waitForTimeout(100);
    }
    assert.ok(alert, 'the ledger holds the push alert to the admin');
    assert.match(alert.url, /^\/admin\/conversations\?open=/);
    // Without a subscription (refused above) it is skipped, and the ledger says why.
    if (refused) assert.deepEqual([alert.state, alert.last_error], ['skipped', 'no_subscription']);

    await page.goto('/admin/messages');
    await page.getByRole('button', { name: "Alertes à l'équipe" }).click();
    const row = page.getByRole('table', { name: "Alertes à l'équipe" }).getByRole('row').filter({ hasText: alert.title }).filter({ hasText: STAFF.admin });
    await row.first().waitFor();
    if (refused) await row.first().getByText('Aucun de ses navigateurs n\'a les alertes activées.').waitFor();
    await screenshot(page, 'alerts-ledger');
    assert.deepEqual(await axeViolations(page), [], 'the alerts\' ledger');

    // The push the server would have sent reaches the worker: it shows the notification.
    await page.goto('/admin/profile');
    await card.getByRole('heading', { name: 'Alertes dans ce navigateur' }).waitFor(); // the console is up, listening
    const payload = { title: alert.title, body: alert.body, url: alert.url, tag: `visitor_waiting:${sid}` };
    const { registrationId } = registrations.get(scope);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseURL, registrationId, data: JSON.stringify(payload) });
    const shown = await page.waitForFunction(async (s) => {
      const reg = await navigator.serviceWorker.getRegistration(s);
      const [n] = (await reg?.getNotifications()) ?? [];
      return n && { title: n.title, body: n.body, tag: n.tag, url: n.data?.url };
    }, scope, { timeout: 10_000 });
    assert.deepEqual(await shown.jsonValue(), { title: alert.title, body: alert.body, tag: payload.tag, url: alert.url });

    // Its click (the worker's own handler, given the notification it shows) brings this
    // console tab to the conversation.
    const sw = context.serviceWorkers().find((w) => w.url() === `${server.baseURL}/admin/sw.js`);
    assert.ok(sw, 'the worker is running');
    await sw.evaluate(async () => {
      const [notification] = await self.registration.getNotifications();
      // eslint-disable-next-line no-undef -- the worker's global
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    }).catch(() => {}); // a dispatched event cannot wait (waitUntil): the handler has run
    await page.waitForURL((url) => url.pathname === '/admin/conversations' && url.search === new URL(alert.url, server.baseURL).search, { timeout: 10_000 });
    // The conversation is open beside the list, ready to be taken, with what the visitor wrote.
    await page.getByRole('button', { name: 'Prendre la conversation' }).waitFor();
    await page.locator('main').getByText('Je veux un devis pour une boutique en ligne').last().waitFor();
    await screenshot(page, 'alerts-click-opens-the-conversation');
    assert.equal(await page.evaluate(async (s) => (await (await navigator.serviceWorker.getRegistration(s)).getNotifications()).length, scope), 0,
      'the click closed the notification');

    // Chromium logs why it refused the subscription; nothing else may go wrong.
    assert.deepEqual(problems.filter((p) => !/Push API|push service error|Registration failed/i.test(p)), []);
  });
});
