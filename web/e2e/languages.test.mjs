// Every screen in the reader's language: walks each page and dialog of the public site
// and of the console in French, English and Arabic, and fails on
//   - an i18n key shown as such ("action.cancel"),
//   - a text of another language where this one has its own (an English string on a
//     French page: the visible texts are matched against the other locales' values that
//     differ from every value of this locale, the interface's and the server's texts —
//     services, projects — alike),
//   - a text missing from the locales (i18next's missing-key handler, src/lib/i18n.ts),
//   - a 12-hour time ("02:00 PM", "2:00 م") in French or Arabic.
// Screenshots of each screen go to e2e/screenshots/ (harness.mjs), out of the repository.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { ALWAYS_OPEN, e2eSkipReason, launchBrowser, screenshot, startServer } from './harness.mjs';
import { book, createStaff, PASSWORD, STAFF, staffSession } from './console-helpers.mjs';
import { nextBusinessDay, settled, wake } from './site-helpers.mjs';

const skip = e2eSkipReason();
const LANGS = ['fr', 'en', 'ar'];
const LOCALES = new URL('../src/locales/', import.meta.url);
/** The warning of src/lib/i18n.ts for a text found in no language. */
const MISSING_TEXT = '[i18n] missing text';

const squash = (s) => s.replace(/\s+/g, ' ').trim();

/** Every key and text of a locale file, flattened ("toast.requiredTitle" → text). */
function flatten(value, prefix = '', out = new Map()) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

/** The locales: per language, namespace → (key → text). */
async function readLocales() {
  const out = {};
  for (const lang of LANGS) {
    out[lang] = {};
    for (const file of await readdir(new URL(`${lang}/`, LOCALES))) {
      if (!file.endsWith('.json')) continue;
      const ns = file.replace(/\.json$/, '');
      out[lang][ns] = flatten(JSON.parse(await readFile(new URL(`${lang}/${file}`, LOCALES), 'utf8')));
    }
  }
  return out;
}

/** The server's text catalogues (api, booking, chatbot, console): per language, file → (code → text). */
async function readServerCatalogues() {
  const out = Object.fromEntries(LANGS.map((l) => [l, {}]));
  for (const pkg of ['api', 'booking', 'chatbot', 'console']) {
    for (const lang of LANGS) {
      const file = new URL(`../../${pkg}/texts/${lang}.json`, import.meta.url);
      out[lang][`${pkg}/texts`] = flatten(JSON.parse(await readFile(file, 'utf8')));
    }
  }
  return out;
}

/** The server's texts in a language: the catalogue's and the portfolio's. */
async function serverTexts(baseURL, lang) {
  const get = async (path) => (await (await fetch(`${baseURL}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`)).json()).items;
  const out = [];
  for (const s of await get('/api/services?order=name')) out.push(s.name, s.description, s.category);
  for (const p of await get('/api/projects')) out.push(p.title, p.description, p.category);
  return out.filter(Boolean).map(squash);
}

/** A matcher of a text with {{placeholders}}: each placeholder stands for any text. */
function pattern(text) {
  const parts = text.split(/\{\{[^}]+\}\}|\{\w+\}/);
  if (parts.join('').replace(/[^\p{L}]/gu, '').length < 8) return null;
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`, 'u');
}

/**
 * What a page in lang must not show: the keys of every namespace, and the texts of the
 * other languages that this one never uses. Words shorter than four letters are left
 * out (brand names, "p50").
 */
function forbiddenFor(lang, locales, server) {
  const keys = new Set();
  for (const l of LANGS) {
    for (const [ns, texts] of Object.entries(locales[l])) {
      for (const key of texts.keys()) {
        if (!key.includes('.') || ns.includes('/')) continue;
        keys.add(key).add(`${ns}:${key}`).add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
      }
    }
  }
  const own = new Set(server[lang]);
  for (const texts of Object.values(locales[lang])) for (const t of texts.values()) own.add(squash(t));
  const exact = new Map(); // text → where it comes from
  const patterns = [];
  for (const other of LANGS.filter((l) => l !== lang)) {
    for (const [ns, texts] of Object.entries(locales[other])) {
      for (const [key, raw] of texts) {
        const text = squash(raw);
        if (own.has(text) || text.replace(/[^\p{L}]/gu, '').length < 4) continue;
        if (/\{\{[^}]+\}\}|\{\w+\}/.test(text)) {
          const re = pattern(text);
          if (re) patterns.push({ re, from: `${other}/${ns}.json ${key}` });
        } else exact.set(text, `${other}/${ns}.json ${key}`);
      }
    }
    for (const text of server[other]) {
      if (!own.has(text) && text.replace(/[^\p{L}]/gu, '').length >= 4) exact.set(text, `${other} server text`);
    }
  }
  return { keys, exact, patterns };
}

/** The texts a person sees on the page: visible text nodes, labels, placeholders, options. */
function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const seen = (el) => el && el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, noscript, template')) continue;
      if (!n.textContent.trim()) continue;
      if (el.closest('select') ? seen(el.closest('select')) : seen(el)) out.push(n.textContent);
    }
    // Whole lines too: a sentence split across elements reads as one.
    for (const el of document.body.querySelectorAll('p, h1, h2, h3, label, button, a, li, td, th, dt, dd, legend, option, span')) {
      if ((el.tagName === 'OPTION' ? seen(el.closest('select')) : seen(el)) && el.innerText) out.push(el.innerText);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!seen(el)) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    out.push(document.title);
    return out;
  });
}

/** What is wrong with the page's texts in lang, one line each. */
async function problemsOf(page, lang, forbidden) {
  const problems = [];
  for (const raw of await visibleTexts(page)) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (forbidden.keys.has(text)) problems.push(`raw key "${text}"`);
    const from = forbidden.exact.get(text) ?? forbidden.patterns.find((p) => p.re.test(text))?.from;
    if (from) problems.push(`"${text}" is another language's text (${from})`);
    else if (text.length >= 24) {
      for (const [foreign, where] of forbidden.exact) {
        if (foreign.length >= 24 && text.includes(foreign)) problems.push(`"${foreign}" in "${text}" (${where})`);
      }
    }
    // Arabic marks the 12-hour clock's halves with ص and م.
    if (lang !== 'en' && /\b\d{1,2}:\d{2}\s?([AP]M\b|[صم](?!\p{L}))/u.test(text)) problems.push(`12-hour time in "${text}"`);
  }
  return [...new Set(problems)];
}

/** Gives a staff member the display name visitors see (and the console's sidebar shows). */
async function nameStaff(baseURL, email, name) {
  const call = await staffSession(baseURL, email);
  await call('PATCH', '/api/admin/me', { display_name: name });
}

describe('every screen in the reader\'s language', () => {
  let server;
  let browser;
  let locales;
  const forbidden = {};

  before(async () => {
    if (skip) return;
    // The team is in whenever the test runs: a visitor who asks for a person waits for one.
    // The team is in whenever the test runs, so a visitor who asks for a person waits.
    server = await startServer({ officeHours: ALWAYS_OPEN });
    await createStaff(server);
    browser = await launchBrowser();
    locales = await readLocales();
    // What the server writes (messages, menus, the chat's answers) is held to the same rule;
    // its catalogues join the locales for the forbidden texts, not for the keys.
    const catalogues = await readServerCatalogues();
    const all = Object.fromEntries(LANGS.map((l) => [l, { ...locales[l], ...catalogues[l] }]));
    const texts = {};
    for (const lang of LANGS) texts[lang] = await serverTexts(server.baseURL, lang);
    for (const lang of LANGS) forbidden[lang] = forbiddenFor(lang, all, texts);
    await book(server); // the console's lists, dialogs and details have a row to open
    await nameStaff(server.baseURL, STAFF.admin, 'Karima');
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh context in lang; missing texts are collected as the page reports them. */
  async function open(lang) {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    // A visitor who chose a language has it remembered in both places (src/lib/i18n.ts):
    // the server sends their pages drawn in it.
    await context.addCookies([{ name: 'lang', value: lang, url: server.baseURL }]);
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    const missing = [];
    page.on('console', (msg) => {
      if (msg.text().includes(MISSING_TEXT)) missing.push(msg.text());
    });
    return { context, page, missing };
  }

  /** The text of key in lang's namespace ns. */
  const text = (lang, ns, key) => {
    const t = locales[lang][ns].get(key);
    assert.ok(t, `${lang}/${ns}.json has ${key}`);
    return t;
  };

  function walker(lang, page, missing) {
    const report = [];
    return {
      report,
      /** Checks the screen as it is now, and keeps a screenshot of it. */
      async check(name) {
        await page.waitForTimeout(150); // texts that arrive with the last answer
        for (const p of await problemsOf(page, lang, forbidden[lang])) report.push(`${name}: ${p}`);
        for (const m of missing.splice(0)) report.push(`${name}: ${m}`);
        await screenshot(page, `languages-${name}-${lang}`);
      },
      /** Opens what a button shows (a dialog), checks it, and closes it. */
      async dialog(name, button) {
        if (!(await button.count())) {
          report.push(`${name}: no button to open it`);
          return;
        }
        await button.first().click();
        const dialog = page.locator('dialog[open]').last();
        await dialog.waitFor();
        await this.check(name);
        await dialog.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      },
    };
  }

  for (const lang of LANGS) {
    test(`the public site in ${lang}`, { skip, timeout: 240_000 }, async (t) => {
      const { context, page, missing } = await open(lang);
      t.after(() => context.close());
      const w = walker(lang, page, missing);
      const projects = (await (await fetch(`${server.baseURL}/api/projects?lang=${lang}`)).json()).items;
      const routes = [
        ['/', 'home'],
        ['/hero', 'hero'],
        ['/about', 'about'],
        ['/services', 'services'],
        ['/services/developpement-web', 'service'],
        ['/projects', 'projects'],
        [`/projects/${projects[0].id}`, 'project'],
        ['/privacy', 'privacy'],
        ['/contact', 'contact'],
        ['/no-such-page', 'not-found'],
      ];
      for (const [path, name] of routes) {
        await page.goto(path);
        await settled(page);
        assert.equal(await page.getAttribute('html', 'lang'), lang, path);
        await w.check(name);
      }
      // The portfolio reads in the page's language.
      await page.goto(`/projects/${projects[0].id}`);
      await page.getByRole('heading', { level: 1, name: projects[0].title }).waitFor();

      for (const [path, name] of [['/manage/no-such-token', 'manage'], ['/waitlist/offers/no-such-token', 'waitlist-offer']]) {
        await page.goto(path);
        await wake(page);
        await page.locator('main h1').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .page-loader'));
        await w.check(name);
      }

      // The booking form: its toasts name what is missing, its slots read on the language's clock.
      await page.goto('/rendez-vous');
      await settled(page);
      const form = page.locator('form.appt-form');
      const submit = form.getByRole('button', { name: text(lang, 'booking', 'form.submit') });
      await submit.click();
      await page.getByText(text(lang, 'booking', 'toast.requiredText')).waitFor();
      await w.check('form-required');
      await form.getByLabel(text(lang, 'booking', 'form.name')).fill('Samia Haddad');
      await submit.click();
      await page.getByText(text(lang, 'booking', 'toast.requiredPhone')).waitFor();
      await w.check('form-phone-required');
      await form.getByLabel(text(lang, 'booking', 'form.phone')).fill('0770 12 34 56');
      // A day of its own per language: each books its 14:00.
      await form.getByLabel(text(lang, 'booking', 'form.date'), { exact: true }).fill(nextBusinessDay(9 + 7 * LANGS.indexOf(lang)));
      const slot = form.locator('input[type=radio][value="14:00"]'); // its label may add the visitor's own time
      await slot.waitFor({ state: 'attached' });
      await w.check('form-slots');
      await slot.check({ force: true });
      await submit.click();
      // The booking ends on its confirmation page.
      await page.getByRole('heading', { level: 1, name: text(lang, 'confirmed', 'title') }).waitFor();
      await w.check('form-booked');

      // The chat widget, open.
      await page.getByRole('button', { name: text(lang, 'chat', 'open') }).click();
      await page.getByRole('dialog').locator('.chat-msg--bot').first().waitFor();
      await w.check('chat');

      assert.deepEqual(w.report, [], `the public site in ${lang}`);
    });

    test(`the console in ${lang}`, { skip, timeout: 300_000 }, async (t) => {
      const { context, page, missing } = await open(lang);
      t.after(() => context.close());
      const w = walker(lang, page, missing);

      await page.goto('/admin/login');
      await page.getByRole('heading', { name: text(lang, 'console', 'login.title') }).waitFor();
      await w.check('console-login');
      await page.getByLabel(text(lang, 'console', 'login.email')).fill(STAFF.admin);
      await page.getByLabel(text(lang, 'console', 'login.password')).fill(PASSWORD);
      await page.getByRole('button', { name: text(lang, 'console', 'login.submit') }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/admin/login'));

      // A visitor asks for a person and writes again: one toast, grouped, in the console's language.
      await page.goto('/admin/appointments');
      await page.locator('[data-live="live"]').waitFor({ timeout: 10_000 }); // the live stream is open
      const ask = { fr: ['Je voudrais parler à un conseiller', 'Vous êtes là ?'], en: ['I would like to talk to a person', 'Are you there?'], ar: ['بغيت نهدر مع شخص من الفريق', 'واش راكم هنا؟'] }[lang];
      const { session_id: sid } = await (await fetch(`${server.baseURL}/api/chat/sessions`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lang }),
      })).json();
      for (const words of ask) {
        const res = await fetch(`${server.baseURL}/api/chat/sessions/${sid}/messages`, {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: words }),
        });
        assert.equal(res.status, 200, await res.text());
      }
      await page.locator('.toast').first().waitFor();
      await w.check('console-waiting-toast');
      await page.goto('/admin/conversations');
      await page.locator('.inbox__row').first().click();
      await page.locator('main h2').first().waitFor();
      await w.check('console-conversation');

      const pages = ['dashboard', 'conversations', 'appointments', 'waitlist', 'new-appointment', 'clients', 'projects',
        'notifications', 'messages', 'messages?view=alerts', 'users', 'settings', 'canned-replies', 'ops', 'profile',
        'no-such-page'];
      for (const name of pages) {
        await page.goto(`/admin/${name}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .skeleton'));
        await w.check(`console-${name}`);
        const main = page.locator('main');
        switch (name) {
          case 'appointments':
            await w.dialog('console-appointment-details', main.locator('tbody tr').first().locator('button.link-button'));
            await w.dialog('console-appointment-edit', main.locator('tbody tr').first().getByRole('button', { name: new RegExp(`^${text(lang, 'console', 'action.edit')}`) }));
            await main.locator('tbody tr input[type=checkbox]').first().check();
            await w.check('console-appointments-bulk');
            break;
          case 'clients':
          case 'projects':
            await w.dialog(`console-${name}-new`, main.getByRole('button', { name: text(lang, 'console', `${name}.new`) }));
            await w.dialog(`console-${name}-edit`, main.locator('tbody tr').first().getByRole('button', { name: new RegExp(`^${text(lang, 'console', 'action.edit')}`) }));
            await w.dialog(`console-${name}-delete`, main.locator('tbody tr').first().getByRole('button', { name: new RegExp(`^${text(lang, 'console', 'action.delete')}`) }));
            break;
          case 'new-appointment':
            await w.dialog('console-new-appointment-client', main.getByRole('button', { name: text(lang, 'console', 'newAppointment.createClient') }));
            break;
          case 'notifications':
            await w.dialog('console-notifications-delete', main.locator('.btn--danger[aria-label]'));
            break;
          case 'users':
            await w.dialog('console-users-new', main.getByRole('button', { name: text(lang, 'console', 'users.createTitle') }));
            await w.dialog('console-users-delete', main.locator('tbody tr').first().getByRole('button', { name: new RegExp(`^${text(lang, 'console', 'action.delete')}`) }));
            await w.dialog('console-users-edit', main.locator('tbody tr').first().getByRole('button', { name: new RegExp(`^${text(lang, 'console', 'action.edit')}`) }));
            break;
        }
      }
      assert.deepEqual(w.report, [], `the console in ${lang}`);
    });
  }
});
