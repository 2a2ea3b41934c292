// Browser-test harness: runs the real dota binary on a fresh database and
// drives Debian's Chromium through playwright-core.
//
// Environment:
//   DOTA_BIN       path to the built dota binary (tests skip when it is unset,
//                  unless E2E_BASE_URL is set)
//   DATABASE_URL   base PostgreSQL URL; each server gets its own dota_e2e_<random>
//                  database on that server, dropped on teardown
//   REDIS_URL      passed through to the server, with a key prefix of its own
//   E2E_BASE_URL   test an already running server instead (e.g. `npx vite preview`)
//   CHROMIUM_PATH  browser binary (default /usr/bin/chromium)
//   E2E_KEEP_DB=1  keep the test database after the run, for debugging
//
// startServer({ smtp: true }) also starts an SMTP server in this process (mailbox.mjs)
// and points the binary at it: the test reads the e-mails customers get.
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/dota?sslmode=disable';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/0';
const READY_TIMEOUT_MS = 30_000;
const COMMAND_TIMEOUT_MS = 120_000;

/** Directory screenshots are written to (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Why browser tests cannot run here, or undefined when they can. Pass it as
 * the `skip` option of a describe() so the runner prints the reason. With
 * { binary: true } (a test that configures the server, e.g. its SMTP), only
 * DOTA_BIN will do.
 */
export function e2eSkipReason({ binary = false } = {}) {
  if (process.env.DOTA_BIN || (process.env.E2E_BASE_URL && !binary)) return undefined;
  if (binary) return 'DOTA_BIN is not set: build the server (make build) and run with DOTA_BIN=path/to/dota';
  return 'DOTA_BIN is not set: build the server (make build) and run with DOTA_BIN=path/to/dota, or set E2E_BASE_URL';
}

/** Office hours for startServer: the team is in whenever a test runs. */
export const ALWAYS_OPEN = { days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], opens: '00:00', closes: '24:00' };

function run(file, args, { env, input, timeout = COMMAND_TIMEOUT_MS } = {}) {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { env, timeout, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) {
        err.message = `${file} ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`;
        reject(err);
      } else {
        resolve({ stdout, stderr });
      }
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function psql(adminUrl, sql) {
  try {
    await run('psql', [adminUrl, '-XqA', '-v', 'ON_ERROR_STOP=1', '-c', sql], { env: process.env });
  } catch (err) {
    if (err.code === 'ENOENT') throw new Error('psql is required by the browser tests (apt-get install postgresql-client)');
    throw err;
  }
}

async function waitReady(baseURL, child, logs) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`dota serve exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`dota serve was not ready after ${READY_TIMEOUT_MS} ms (${last}):\n${logs.join('')}`);
}

/**
 * Starts the server for a test file and resolves to
 * { baseURL, databaseURL, env, logs(), run(args, {input}), mailbox, stop() }.
 * With smtp: true the server sends its e-mails to mailbox (mailbox.mjs); otherwise
 * mailbox is null and the server records them as not sent.
 * env adds variables of the server's configuration (e.g. DOTA_PUBLIC_URL).
 * officeHours ({days, opens, closes}, e.g. ALWAYS_OPEN) replaces the seeded agency
 * profile's office hours, which decide whether a visitor who asks for a person waits.
 * With E2E_BASE_URL set, it returns that server and stop() does nothing.
 */
export async function startServer({ smtp = false, env: extraEnv = {}, officeHours = null } = {}) {
  if (process.env.E2E_BASE_URL && smtp) throw new Error('startServer({ smtp: true }) needs DOTA_BIN: E2E_BASE_URL names a server it cannot configure');
  if (process.env.E2E_BASE_URL) {
    const baseURL = process.env.E2E_BASE_URL.replace(/\/$/, '');
    return { baseURL, databaseURL: null, env: process.env, logs: () => '', run: notAvailable, mailbox: null, stop: async () => {} };
  }
  const bin = process.env.DOTA_BIN;
  if (!bin) throw new Error(e2eSkipReason());

  const baseDatabaseURL = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const name = `dota_e2e_${randomBytes(6).toString('hex')}`;
  const adminUrl = withDatabase(baseDatabaseURL, 'postgres');
  const databaseURL = withDatabase(baseDatabaseURL, name);
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: databaseURL,
    REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    DOTA_ADDR: `127.0.0.1:${port}`,
    // Several servers run at once: each serves /metrics on a port of its own, and
    // writes its absolute addresses (canonical links, sitemap) with its own address.
    DOTA_METRICS_ADDR: `127.0.0.1:${metricsPort}`,
    DOTA_PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Each server keeps its Redis keys (sessions, limits, series) apart from the others'.
    DOTA_REDIS_PREFIX: `${name}:`,
    // Every browser test books from 127.0.0.1: the form limits step out of their way
    // unless the run sets them.
    DOTA_FORM_MAX_PER_IP: process.env.DOTA_FORM_MAX_PER_IP || '100000000',
    DOTA_FORM_CHALLENGE_AFTER: process.env.DOTA_FORM_CHALLENGE_AFTER || '100000000',
    DOTA_FORM_MAX_PER_CONTACT: process.env.DOTA_FORM_MAX_PER_CONTACT || '100000000',
    // And every visitor chats from 127.0.0.1: the conversations it opens and the streams
    // it holds at once are not limited either.
    DOTA_CHAT_IP_OPEN_RATE: process.env.DOTA_CHAT_IP_OPEN_RATE || '100000000',
    DOTA_CHAT_STREAMS_PER_IP: process.env.DOTA_CHAT_STREAMS_PER_IP || '100000000',
    ...extraEnv,
  };
  const baseURL = `http://127.0.0.1:${port}`;

  // Loaded only by the tests that read e-mails.
  const mailbox = smtp ? await (await import('./mailbox.mjs')).startMailbox() : null;
  if (mailbox) {
    env.DOTA_SMTP_URL = mailbox.url;
    env.DOTA_MAIL_FROM = 'Dota <rdv@dota.test>';
  }

  await psql(adminUrl, `CREATE DATABASE "${name}"`);
  const dropDatabase = async () => {
    if (process.env.E2E_KEEP_DB === '1') {
      console.log(`# kept test database ${name}`);
      return;
    }
    await psql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };

  const logs = [];
  let child;
  try {
    await run(bin, ['migrate', 'up'], { env });
    await run(bin, ['seed'], { env });
    if (officeHours) {
      const hours = JSON.stringify({ hours: officeHours }).replace(/'/g, "''");
      await psql(databaseURL, `UPDATE settings SET agency = agency || '${hours}'::jsonb WHERE id = 1`);
    }
    child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => logs.push(chunk.toString()));
    child.stderr.on('data', (chunk) => logs.push(chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.exited = exited;
    await waitReady(baseURL, child, logs);
  } catch (err) {
    await stopChild(child);
    await dropDatabase();
    await mailbox?.close();
    throw err;
  }

  return {
    baseURL,
    databaseURL,
    env,
    logs: () => logs.join(''),
    /** Runs another dota subcommand against this server's database. */
    run: (args, options = {}) => run(bin, args, { env, ...options }),
    mailbox,
    async stop() {
      await stopChild(child);
      await dropDatabase();
      await mailbox?.close();
    },
  };
}

function notAvailable() {
  return Promise.reject(new Error('not available with E2E_BASE_URL: run with DOTA_BIN'));
}

async function stopChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await child.exited;
  clearTimeout(timer);
}

/** Launches headless Chromium with the flags this sandbox needs. */
/**
 * Starts the binary (with startServer's options) and a browser before a suite's tests and
 * stops both after them, unless skip gives a reason not to; setUp runs with the server
 * once it answers (createStaff, say), and set hands both to the suite's tests.
 */
export function serveSuite({ skip = '', setUp, ...options }, set) {
  let server;
  let browser;
  before(async () => {
    if (skip) return;
    server = await startServer(options);
    await setUp?.(server);
    browser = await launchBrowser();
    set(server, browser);
  }, { timeout: 120_000 });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * Saves a PNG of the whole page (or, with { fullPage: false }, of the screen as a person
 * sees it, floating parts in place) as e2e/screenshots/<name>.png and returns its path.
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}${name.replace(/[^\w.-]+/g, '_')}.png`;
  await page.screenshot({ path, fullPage });
  return path;
}

let axeSource;

/**
 * Runs axe-core on the page and returns the violations of the given impacts.
 * The script is evaluated through the DevTools protocol, so the page's CSP
 * does not need to allow it.
 */
export async function axeViolations(page, impacts = ['serious', 'critical']) {
  if (!axeSource) {
    const require = createRequire(import.meta.url);
    axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  }
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => impacts.includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
