// Dota listens, in a real browser against the real server: one message that gives
// everything books with a single question left (the optional company); then the visitor
// moves that appointment in the widget, after a one-time code read from the e-mail the
// server really sent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { chatSay as say, chatTap as tap, nextBusinessDay, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

describe('Dota listens', () => {
  let server;
  let browser;

  serveSuite({ skip, smtp: true }, (s, b) => ([server, browser] = [s, b]));



  test('a one-message booking, then a move after a code', { skip, timeout: 180_000 }, async (t) => {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => context.close());
    await context.addInitScript(() => localStorage.setItem('lang', 'fr'));
    const page = await context.newPage();
    const problems = watchConsole(page, server.baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
    const panel = page.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();

    const date = nextBusinessDay(6);
    const [y, m, d] = date.split('-');
    let reply = await say(page, panel, `Bonjour, je suis Amine Belkacem, je voudrais un rendez-vous le ${d}/${m}/${y} à 10h `
      + 'pour un site web, mon mail amine@belk.dz, tel 0555123499');
    assert.equal(reply.step, 'company', 'only the optional company is left to ask');
    assert.deepEqual([reply.collected.name, reply.collected.email, reply.collected.date, reply.collected.time],
      ['Amine Belkacem', 'amine@belk.dz', date, '10:00']);
    await panel.locator('.chat-msg--bot', { hasText: "C'est noté" }).waitFor();
    reply = await tap(page, panel, 'Passer');
    assert.equal(reply.step, 'confirm');
    reply = await tap(page, panel, 'Oui');
    const booked = reply.appointment_id;
    assert.ok(booked);
    await screenshot(page, 'chat-one-message-booking');

    // Moving it: the address, then the code from the e-mail, then the new slot.
    reply = await say(page, panel, 'Je voudrais déplacer mon rendez-vous');
    assert.equal(reply.step, 'manage_email');
    const asked = server.mailbox.messages.length;
    reply = await say(page, panel, 'amine@belk.dz');
    assert.equal(reply.step, 'manage_code');
    const mail = await server.mailbox.waitFor(
      (msg) => server.mailbox.messages.indexOf(msg) >= asked && msg.to.includes('amine@belk.dz') && /\b\d{6}\b/.test(msg.subject),
      'with a code to amine@belk.dz');
    const code = mail.subject.match(/\b\d{6}\b/)[0];
    reply = await say(page, panel, code);
    assert.equal(reply.step, 'manage_when');
    const day = reply.quick_replies.find((q) => q.value !== date) ?? reply.quick_replies[0];
    reply = await tap(page, panel, day.label);
    assert.equal(reply.step, 'manage_time', 'a day alone offers its free hours');
    const hour = reply.quick_replies[0];
    reply = await tap(page, panel, hour.label);
    assert.equal(reply.step, 'greeting', JSON.stringify(reply.messages));
    await panel.locator('.chat-msg--bot', { hasText: 'déplacé' }).waitFor();
    await screenshot(page, 'chat-move-after-code');

    const [moved] = await sql(server.databaseURL, `SELECT to_char(date, 'YYYY-MM-DD') || ' ' || time FROM appointments
      WHERE id = '${booked}'`);
    assert.equal(moved[0], hour.value, 'the appointment holds its new slot');
    assert.deepEqual(problems, []);
  });
});
