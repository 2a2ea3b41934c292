// Helpers of the console's browser tests: staff accounts, sign-in, bookings and rows.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Password of every test account. */
export const PASSWORD = 'correct-horse-42';

/** One test account per role. */
export const STAFF = {
  admin: 'admin@dota.test',
  moderator: 'moderator@dota.test',
  editor: 'editor@dota.test',
};

/** Creates the three staff accounts with `dota admin create`. */
export async function createStaff(server) {
  for (const [role, email] of Object.entries(STAFF)) {
    await server.run(['admin', 'create', '--email', email, '--role', role, '--password-stdin'], { input: `${PASSWORD}\n` });
  }
}

/** Signs in through the login form and waits to leave it. */
export async function signIn(page, email) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/admin/login'));
}

/** Runs SQL on the server's database. */
export async function sql(server, statement) {
  const { stdout } = await exec('psql', [server.databaseURL, '-XqAt', '-v', 'ON_ERROR_STOP=1', '-c', statement]);
  return stdout.trim();
}

/** Whether the server has a route (an unauthenticated call answers 401/403, not 404). */
export async function hasRoute(server, method, path) {
  const res = await fetch(`${server.baseURL}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
  await res.body?.cancel();
  return res.status !== 404 && res.status !== 405;
}

/** The next business day (Sunday to Thursday) at least `ahead` days away with a free slot. */
export async function freeSlot(server, ahead = 2, skip = 0) {
  const day = new Date();
  day.setDate(day.getDate() + ahead);
  let seen = 0;
  for (let i = 0; i < 60; i++, day.setDate(day.getDate() + 1)) {
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const res = await fetch(`${server.baseURL}/api/slots?date=${date}`);
    if (!res.ok) continue;
    const body = await res.json();
    if (body.closed) continue;
    for (const slot of body.slots) {
      if (slot.free && !slot.past && seen++ >= skip) return { date, time: slot.time };
    }
  }
  throw new Error('no free slot in the next 60 days');
}

let counter = 0;

/**
 * A mark unique to this moment, in letters only: a name booked through the public form
 * must read as a person's name (letters, spaces, hyphens, apostrophes), so no digits.
 */
export function uniqueWord() {
  return String(Date.now())
    .split('')
    .map((d) => 'abcdefghij'[Number(d)])
    .join('');
}

/** Books through the public route, as the site's form does; returns the appointment. */
export async function book(server, fields = {}) {
  const slot = fields.date ? { date: fields.date, time: fields.time } : await freeSlot(server, 2 + (counter % 20), counter);
  counter++;
  const body = {
    name: 'Amine Benali',
    email: `amine${Date.now()}${counter}@example.dz`,
    phone: '0555 12 34 56',
    service: '',
    message: 'Je voudrais un site vitrine pour ma boutique de vêtements à Alger.',
    ...fields,
    ...slot,
  };
  const res = await fetch(`${server.baseURL}/api/appointments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-${Date.now()}-${counter}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The console's menu entries, as shown. */
export async function menuOf(page) {
  const nav = page.getByRole('navigation', { name: 'Menu de la console' });
  await nav.waitFor();
  return nav.getByRole('link').allTextContents();
}

/** A staff member signed in over the API: calls with the session's cookie and CSRF token. */
export async function staffSession(baseURL, email) {
  const res = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrf_token: csrf } = await res.json();
  return async (method, path, body) => {
    const r = await fetch(`${baseURL}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrf },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(r.ok, `${method} ${path}: ${r.status} ${await r.clone().text()}`);
    return r.json();
  };
}
