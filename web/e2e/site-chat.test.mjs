// Dota, the chat widget, in a real browser against the real server: a complete booking
// conversation in French and one in Arabic (right to left), each ending with a pending
// appointment from the chat in the database; the conversation survives a reload.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, e2eSkipReason, launchBrowser, screenshot, startServer } from './harness.mjs';
import { chatSay as say, chatTap as tap, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason();

describe('Dota chat widget', () => {
  let server;
  let browser;
  let chatMissing;

  before(async () => {
    if (skip) return;
    server = await startServer();
    browser = await launchBrowser();
    // Until the server offers the chat routes, the conversations cannot run.
    const probe = await fetch(`${server.baseURL}/api/chat/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    if (probe.status === 404) chatMissing = 'POST /api/chat/sessions answers 404: this server has no chat routes';
  }, { timeout: 120_000 });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });



  async function converse(t, { lang, launcher, texts }) {
    if (chatMissing) {
      t.skip(chatMissing);
      return;
    }
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => context.close());
    await context.addInitScript((l) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
    }, lang);
    const page = await context.newPage();
    const problems = watchConsole(page, server.baseURL);
    await page.goto('/services');
    await page.locator('main h1').waitFor();

    await page.getByRole('button', { name: launcher }).click();
    const panel = page.getByRole('dialog');
    await panel.waitFor();
    await panel.locator('.chat-msg--bot', { hasText: texts.greeting }).waitFor();
    assert.equal(await panel.getByRole('textbox').getAttribute('placeholder'), texts.placeholder);
    const send = panel.getByRole('button', { name: texts.send });
    assert.equal(await send.isDisabled(), true, 'send is disabled while the input is empty');

    let reply = await tap(page, panel, texts.book);
    assert.equal(reply.step, 'name');
    reply = await say(page, panel, texts.name);
    assert.equal(reply.step, 'email');
    reply = await say(page, panel, texts.email);
    assert.equal(reply.step, 'phone');
    reply = await say(page, panel, texts.phone);
    assert.equal(reply.step, 'company');

    // The conversation is kept across a reload (session id in local storage).
    await page.reload();
    const restored = page.getByRole('dialog');
    await restored.locator('.chat-msg--bot', { hasText: texts.greeting }).waitFor();
    await restored.locator('.chat-chip').first().waitFor();

    reply = texts.company ? await say(page, restored, texts.company) : await tap(page, restored, texts.skip);
    assert.equal(reply.step, 'service');
    reply = await tap(page, restored, texts.service);
    assert.equal(reply.step, 'date');
    const day = reply.quick_replies[0];
    reply = await tap(page, restored, day.label);
    assert.equal(reply.step, 'time');
    const slot = reply.quick_replies[0];
    reply = await tap(page, restored, slot.label);
    assert.equal(reply.step, 'confirm');
    assert.equal(reply.collected.phone.replace(/\D/g, ''), texts.phone.replace(/\D/g, ''));
    await screenshot(page, `chat-confirm-${lang}`);
    reply = await tap(page, restored, texts.yes);
    assert.ok(reply.appointment_id, 'the booking answer names the appointment');
    await restored.locator('.chat-msg--bot', { hasText: texts.booked }).waitFor();
    await restored.getByText(texts.summaryBooked).waitFor();
    await screenshot(page, `chat-booked-${lang}`);
    assert.deepEqual(await axeViolations(page), [], `axe with the chat open (${lang})`);

    const rows = await sql(server.databaseURL, `SELECT status, source, service, to_char(date, 'YYYY-MM-DD'), time, language
      FROM appointments WHERE id = '${reply.appointment_id}'`);
    assert.deepEqual(rows, [['pending', 'chat', texts.storedService ?? texts.service, day.value, slot.value, lang]]);

    // Escape closes the panel and gives the focus back to the round button.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: launcher }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    await page.waitForFunction(() => document.activeElement?.classList.contains('chat-launcher'));
    assert.deepEqual(problems, []);
    return page;
  }

  test('a complete booking conversation in French', { skip, timeout: 120_000 }, async (t) => {
    await converse(t, {
      lang: 'fr',
      launcher: 'Ouvrir le chat avec Dota',
      texts: {
        greeting: 'Bonjour ! Je suis Dota',
        placeholder: 'Écrivez votre message...',
        send: 'Envoyer',
        book: 'Prendre rendez-vous',
        name: 'Samia Haddad',
        email: 'samia.chat@example.dz',
        phone: '0770 22 33 44',
        company: 'Atlas Conseil',
        service: 'Développement web',
        storedService: 'developpement-web', // stored by its slug
        yes: 'Oui',
        booked: "C'est noté !",
        summaryBooked: 'Rendez-vous enregistré',
      },
    });
  });

  test('a complete booking conversation in Arabic, right to left', { skip, timeout: 120_000 }, async (t) => {
    const page = await converse(t, {
      lang: 'ar',
      launcher: 'فتح المحادثة مع Dota',
      texts: {
        greeting: 'مرحبًا! أنا دوتا',
        placeholder: 'اكتب رسالتك...',
        send: 'إرسال',
        book: 'حجز موعد',
        name: 'سامية حداد',
        email: 'samia.ar@example.dz',
        phone: '0661 44 55 66',
        skip: 'تخطي',
        service: 'تطوير المواقع',
        storedService: 'developpement-web', // stored by its slug, whatever language named it
        yes: 'نعم',
        booked: 'تم!',
        summaryBooked: 'تم حجز الموعد',
      },
    });
    if (!page) return;
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    // The round button sits bottom-left in Arabic.
    const box = await page.locator('.chat-launcher').boundingBox();
    const width = page.viewportSize().width;
    assert.ok(box.x + box.width < width / 2, `launcher at x=${box.x} of ${width}`);
  });

  test('a failing chat says so and keeps the input usable', { skip, timeout: 60_000 }, async (t) => {
    if (chatMissing) return t.skip(chatMissing);
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => context.close());
    const page = await context.newPage();
    await page.route(/\/api\/chat\/sessions\/[^/]+\/messages/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
    const panel = page.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();
    await panel.getByRole('textbox').fill('Quels sont vos tarifs ?');
    await panel.getByRole('textbox').press('Enter');
    await panel.getByText("Désolé, une erreur s'est produite. Veuillez réessayer.").waitFor();
    assert.equal(await panel.getByRole('textbox').inputValue(), 'Quels sont vos tarifs ?');
    assert.equal(await panel.getByRole('textbox').isEditable(), true);
  });
});
