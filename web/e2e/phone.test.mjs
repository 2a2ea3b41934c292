// A phone's width (390 × 844), in French, English and Arabic (right to left): every public
// page, the chat widget, the appointment form, the manage page and the console's main
// pages. Nothing may scroll sideways or stand past the screen's edges, and the buttons a
// person came for (the form's submit, the chat's send, the console's main actions) must
// be on the screen and not under anything (the floating buttons, the chat).
// Screenshots: e2e/screenshots/phone-*.png.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { e2eSkipReason, launchBrowser, screenshot, startServer } from './harness.mjs';
import { PASSWORD, STAFF, book, createStaff, uniqueWord } from './console-helpers.mjs';
import { navigate, nextBusinessDay, settled, wake } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });
const LANGS = ['fr', 'en', 'ar'];
/** The console's main actions: those at a page's top, and every form's primary button. */
const MAIN_ACTIONS = 'main .page__actions :is(button, a), main .btn--primary';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

/**
 * What stands past the screen's sides: the document's own sideways scroll, and each
 * visible element whose box crosses the left or right edge without an ancestor that
 * clips it (a table in a box that scrolls on its own is fine). Empty when all fits.
 */
function overflowOf(page) {
  return page.evaluate((width) => {
    const problems = [];
    // A phone's browser widens the page (and zooms out) to take in what overflows.
    if (window.innerWidth !== width) problems.push(`the page is laid out ${window.innerWidth} px wide for ${width}`);
    const scrolled = document.scrollingElement.scrollWidth;
    if (scrolled > width) problems.push(`the page scrolls sideways: ${scrolled} px wide for ${width}`);
    const name = (el) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}>`;
    const clipped = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.contain.includes('paint')) {
          const r = a.getBoundingClientRect();
          if (r.left >= -1 && r.right <= width + 1) return true;
        }
      }
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      // Empty boxes and the one-pixel boxes of text for screen readers only.
      if (r.width <= 1 || r.height <= 1) continue;
      const s = getComputedStyle(el);
      if (s.visibility !== 'visible' || Number(s.opacity) === 0) continue;
      if (r.left >= -1 && r.right <= width + 1) continue;
      if (clipped(el)) continue;
      problems.push(`${name(el)} spans ${Math.round(r.left)}…${Math.round(r.right)} px`);
      if (problems.length >= 8) break;
    }
    return problems;
  }, PHONE.viewport.width);
}

/** Notes in problems what stands past the screen's sides. */
async function checkFits(problems, page, what) {
  for (const p of await overflowOf(page)) problems.push(`${what}: ${p}`);
}

/**
 * Notes in problems unless the button, brought to the middle of the screen and then to its lower edge
 * (as scrolling to it does), is on the screen and the point at its centre is the button
 * itself, not a floating button or the chat over it.
 */
async function checkReachable(problems, locator, what) {
  await locator.waitFor();
  for (const block of ['center', 'end']) {
    const problem = await locator.evaluate((el, [b, w]) => {
      el.scrollIntoView({ block: b, inline: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width === 0 || r.height === 0) return 'it has no size';
      if (x < 0 || x > w || y < 0 || y > window.innerHeight) return `its centre (${Math.round(x)}, ${Math.round(y)}) is off the screen`;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return '';
      const who = hit ? `<${hit.tagName.toLowerCase()} class="${hit.className}">` : 'nothing';
      return `its centre (${Math.round(x)}, ${Math.round(y)}) is under ${who}`;
    }, [block, PHONE.viewport.width]);
    if (problem) problems.push(`${what} (scrolled to the ${block}): ${problem}`);
  }
}

describe('at a phone’s width', { skip }, () => {
  let server;
  let browser;
  let projectId;

  before(async () => {
    server = await startServer({ smtp: true });
    browser = await launchBrowser();
    await createStaff(server);
    const projects = await (await fetch(`${server.baseURL}/api/projects`)).json();
    projectId = projects.items[0]?.id;
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A phone-sized page with the language chosen beforehand. */
  async function phone(lang) {
    const locale = { fr: 'fr-DZ', en: 'en-GB', ar: 'ar-DZ' }[lang];
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce', locale, ...PHONE });
    await context.addInitScript((l) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
    }, lang);
    return { context, page: await context.newPage() };
  }

  for (const lang of LANGS) {
    test(`every public page, the form and the chat (${lang})`, { timeout: 240_000 }, async () => {
      const { context, page } = await phone(lang);
      const problems = [];
      try {
        const routes = [
          ['/', 'home'],
          ['/hero', 'hero'],
          ['/about', 'about'],
          ['/projects', 'projects'],
          [`/projects/${projectId}`, 'project'],
          ['/services', 'services'],
          ['/services/developpement-web', 'service'],
          ['/privacy', 'privacy'],
          ['/contact', 'contact'],
          ['/rendez-vous', 'rendez-vous'],
          ['/no-such-page', 'not-found'],
        ];
        await page.goto(`/?lang=${lang}`);
        await settled(page);
        for (const [path, name] of routes) {
          await navigate(page, path);
          await settled(page);
          await page.waitForFunction((l) => document.documentElement.lang === l && document.querySelector('main h1'), lang);
          assert.equal(await page.getAttribute('html', 'dir'), lang === 'ar' ? 'rtl' : 'ltr');
          await screenshot(page, `phone-${name}-${lang}`);
          await screenshot(page, `phone-${name}-${lang}-screen`, { fullPage: false });
          await checkFits(problems, page, `${path} (${lang})`);
          // At the foot of the page, nothing floats over the footer's links.
          await page.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
          for (const link of await page.locator('footer a:visible').all()) {
            await checkReachable(problems, link, `${path} (${lang}): the footer's link "${await link.innerText()}"`);
          }
        }

        // The appointment form: its fields fit and its submit is not under the floating buttons.
        await navigate(page, '/rendez-vous');
        await settled(page);
        const form = page.locator('form.appt-form');
        await form.locator('[name="date"]').fill(nextBusinessDay(9));
        await form.locator('.slot input[type="radio"]').first().waitFor({ state: 'attached' });
        await checkFits(problems, page, `the form with its slots (${lang})`);
        await checkReachable(problems, form.locator('button[type="submit"]'), `the form's submit (${lang})`);
        await screenshot(page, `phone-form-submit-${lang}`, { fullPage: false });

        // The chat: open, it fits the screen and its send button can be pressed.
        await wake(page);
        await page.locator('.chat-launcher').click();
        const panel = page.locator('.chat-panel');
        await panel.getByRole('textbox').fill(lang === 'ar' ? 'مرحبا' : 'Bonjour');
        await screenshot(page, `phone-chat-open-${lang}`, { fullPage: false });
        await checkFits(problems, page, `the open chat (${lang})`);
        await checkReachable(problems, panel.locator('.chat-panel__send'), `the chat's send (${lang})`);
        const answered = page.waitForResponse((r) => r.url().includes('/messages') && r.request().method() === 'POST');
        await panel.locator('.chat-panel__send').click();
        await answered;
        await panel.locator('.chat-msg--bot').first().waitFor();
        await screenshot(page, `phone-chat-answered-${lang}`, { fullPage: false });
        await checkFits(problems, page, `the chat with an answer (${lang})`);
        await checkReachable(problems, panel.getByRole('textbox'), `the chat's input (${lang})`);

        // Folded, the chat leaves the form usable beneath it.
        await panel.locator('.chat-panel__header button').first().click();
        await screenshot(page, `phone-chat-folded-${lang}`, { fullPage: false });
        await checkFits(problems, page, `the folded chat (${lang})`);
        await checkReachable(problems, form.locator('button[type="submit"]'), `the form's submit under the folded chat (${lang})`);
        assert.deepEqual(problems, [], `what does not fit or is covered at 390 px (${lang})`);
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of LANGS) {
    test(`the manage page (${lang})`, { timeout: 120_000 }, async () => {
      const email = `phone-${lang}-${randomBytes(4).toString('hex')}@example.dz`;
      const slots = await (await fetch(`${server.baseURL}/api/slots?date=${nextBusinessDay(11 + LANGS.indexOf(lang))}`)).json();
      const slot = slots.slots.find((s) => s.free && !s.past);
      const res = await fetch(`${server.baseURL}/api/appointments?lang=${lang}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `phone-${email}` },
        body: JSON.stringify({
          name: 'Nadia Ferhat',
          email,
          phone: `0770 55 ${String(10 + LANGS.indexOf(lang))} 22`,
          service: '',
          message: 'Un site vitrine pour ma boutique.',
          date: slots.date ?? nextBusinessDay(11 + LANGS.indexOf(lang)),
          time: slot.time,
          lang,
        }),
      });
      assert.equal(res.status, 201, await res.clone().text());
      const mail = await server.mailbox.waitFor((m) => m.to.includes(email), `the confirmation to ${email}`);
      const link = mail.text.match(/https?:\/\/[^\s<>"]+\/manage\/[A-Za-z0-9_-]{43}\?lang=(?:fr|en|ar)/)?.[0];
      assert.ok(link, `a manage link in:\n${mail.text}`);

      const { context, page } = await phone(lang);
      const problems = [];
      try {
        await page.goto(link.replace(/lang=\w+/, `lang=${lang}`));
        await page.locator('main h1').first().waitFor();
        const move = page.locator('main button').first();
        await move.waitFor();
        await screenshot(page, `phone-manage-${lang}`);
        await screenshot(page, `phone-manage-${lang}-screen`, { fullPage: false });
        await checkFits(problems, page, `the manage page (${lang})`);
        for (const button of await page.locator('main button:visible').all()) {
          await checkReachable(problems, button, `the manage page's "${await button.innerText()}" (${lang})`);
        }
        await move.click();
        await page.waitForTimeout(500);
        await screenshot(page, `phone-manage-open-${lang}`);
        await checkFits(problems, page, `the manage page, a panel open (${lang})`);
        assert.deepEqual(problems, [], `what does not fit or is covered at 390 px (${lang})`);
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of LANGS) {
    test(`the console's main pages (${lang})`, { timeout: 180_000 }, async () => {
      const { context, page } = await phone(lang);
      const problems = [];
      try {
        await page.goto('/admin/login');
        await page.locator('form button[type="submit"]').waitFor();
        await screenshot(page, `phone-console-login-${lang}`);
        await checkFits(problems, page, `the console's sign-in (${lang})`);
        await checkReachable(problems, page.locator('form button[type="submit"]'), `the sign-in's submit (${lang})`);
        await page.locator('input[type="email"]').fill(STAFF.admin);
        await page.locator('input[type="password"]').fill(PASSWORD);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL((url) => !url.pathname.endsWith('/admin/login'));
        // Rows in the lists, as on a working day.
        for (let i = 0; i < 3; i++) await book(server, { name: `Yasmine Haddad ${uniqueWord()}` });

        // Each page, and whether it has actions of its own at its top (new, export, calendar…).
        const pages = [
          ['dashboard', false],
          ['conversations', false],
          ['appointments', true],
          ['new-appointment', false],
          ['clients', true],
          ['waitlist', false],
          ['projects', true],
          ['notifications', false],
          ['messages', false],
          ['users', true],
          ['settings', false],
          ['canned-replies', true],
          ['ops', false],
        ];
        for (const [key, actions] of pages) {
          await page.goto(`/admin/${key}`);
          await page.locator('main h1, main h2').first().waitFor();
          await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main .skeleton'));
          await screenshot(page, `phone-console-${key}-${lang}`, { fullPage: false });
          await checkFits(problems, page, `the console's ${key} (${lang})`);
          const buttons = await page.locator(MAIN_ACTIONS).filter({ visible: true }).all();
          if (actions && buttons.length === 0) problems.push(`the console's ${key} (${lang}) shows no actions at its top`);
          for (const button of buttons) {
            await checkReachable(problems, button, `the console's ${key}: "${await button.innerText()}" (${lang})`);
          }
        }
        // The menu, opened, fits and its entries can be pressed.
        const toggle = page.locator('.topbar__menu');
        await checkReachable(problems, toggle, `the console's menu button (${lang})`);
        await toggle.click();
        // The menu slides in from the side where the text starts.
        await page.waitForFunction(() => {
          const r = document.querySelector('.sidebar').getBoundingClientRect();
          return r.left >= 0 && r.right <= 390;
        });
        await screenshot(page, `phone-console-menu-${lang}`, { fullPage: false });
        await checkFits(problems, page, `the console's open menu (${lang})`);
        for (const link of await page.locator('.sidebar__link').all()) {
          await checkReachable(problems, link, `the console's menu entry "${await link.innerText()}" (${lang})`);
        }
        assert.deepEqual(problems, [], `what does not fit or is covered at 390 px (${lang})`);
      } finally {
        await context.close();
      }
    });
  }
});
