// The conversation in the widget is in the server's order: a visitor books with Dota
// (several messages, answers of more than one message, the booking's confirmation), asks
// for a person, and staff take the conversation and answer over the stream while the
// visitor writes too. After each stage, and after a reload, the widget shows the messages
// exactly as the server keeps them (GET /api/chat/sessions/{id}, what a reload reads).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStaff, STAFF, staffSession } from './console-helpers.mjs';
import { ALWAYS_OPEN, e2eSkipReason, serveSuite } from './harness.mjs';
import { chatSay as say, chatTap as tap, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

/** The messages the widget shows, in its order, as [sender, text]. */
function shown(panel) {
  return panel.locator('li.chat-msg:not(.chat-typing):not(.chat-msg--error)').evaluateAll((items) =>
    items.map((li) => {
      const sender = ['user', 'bot', 'staff'].find((s) => li.classList.contains(`chat-msg--${s}`));
      const label = li.querySelector('.visually-hidden, .chat-msg__author')?.textContent ?? '';
      return [sender, li.textContent.slice(label.length)];
    }),
  );
}

describe('the order of the chat widget’s conversation', () => {
  let server;
  let browser;

  // The team is in whenever the test runs, so a visitor asking for a person waits for one.
  serveSuite({ skip, officeHours: ALWAYS_OPEN, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('the widget shows the messages as the server keeps them, before and after a reload', { skip, timeout: 180_000 }, async (t) => {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => context.close());
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'fr');
    });
    const page = await context.newPage();
    const problems = watchConsole(page, server.baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
    let panel = page.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();

    // The server's transcript, as the widget reads it on a reload.
    const transcript = async () => {
      const id = await page.evaluate(() => localStorage.getItem('dota-chat-session'));
      const res = await fetch(`${server.baseURL}/api/chat/sessions/${id}`);
      assert.equal(res.status, 200);
      return (await res.json()).messages.map((m) => [m.sender, m.text]);
    };
    const matches = async (stage) => {
      const want = await transcript();
      // The last message (a staff push) may still be on its way to the widget.
      await panel.locator('li.chat-msg').nth(want.length - 1).waitFor();
      assert.deepEqual(await shown(panel), want, stage);
      return want;
    };

    let reply = await say(page, panel, 'Bonjour, je voudrais prendre rendez-vous');
    assert.equal(reply.step, 'name');
    reply = await say(page, panel, 'Nadia Belkacem');
    assert.equal(reply.step, 'email');
    reply = await say(page, panel, 'nadia.ordre@example.dz');
    assert.equal(reply.step, 'phone');
    reply = await say(page, panel, '0550 11 22 33');
    reply = await say(page, panel, 'Atlas Conseil');
    assert.equal(reply.step, 'service');
    reply = await tap(page, panel, reply.quick_replies[0].label);
    assert.equal(reply.step, 'date');
    reply = await tap(page, panel, reply.quick_replies[0].label);
    assert.equal(reply.step, 'time');
    reply = await tap(page, panel, reply.quick_replies[0].label);
    assert.equal(reply.step, 'confirm');
    reply = await tap(page, panel, 'Oui');
    assert.ok(reply.appointment_id, 'the conversation booked');
    const booked = await matches('after the booking');
    assert.ok(booked.filter(([s]) => s === 'user').length >= 9, 'the visitor wrote several messages');

    // A person: staff take the conversation and answer over the stream, the visitor too.
    reply = await say(page, panel, 'Je voudrais parler à une personne');
    assert.equal(reply.handoff?.state, 'waiting', JSON.stringify(reply));
    const staff = await staffSession(server.baseURL, STAFF.editor);
    const inbox = await staff('GET', '/api/admin/conversations?state=waiting');
    assert.equal(inbox.items.length, 1, JSON.stringify(inbox));
    const conversation = inbox.items[0].id;
    await staff('POST', `/api/admin/conversations/${conversation}/claim`);
    await panel.locator('.chat-panel__handoff', { hasText: 'Editor' }).waitFor({ timeout: 5_000 });
    await staff('POST', `/api/admin/conversations/${conversation}/messages`, { text: 'Bonjour Nadia, je vous écoute.' });
    await panel.locator('.chat-msg--staff', { hasText: 'je vous écoute' }).waitFor({ timeout: 5_000 });
    reply = await say(page, panel, 'Pouvez-vous préparer un devis ?');
    assert.deepEqual(reply.messages, [], 'Dota is quiet while staff hold the conversation');
    await staff('POST', `/api/admin/conversations/${conversation}/messages`, { text: 'Oui, je vous l’envoie demain.' });
    await panel.locator('.chat-msg--staff', { hasText: 'demain' }).waitFor({ timeout: 5_000 });
    const held = await matches('with staff answering');
    assert.deepEqual(held.slice(-3).map(([s]) => s), ['staff', 'user', 'staff']);

    await page.reload();
    panel = page.getByRole('dialog');
    await panel.locator('.chat-msg--staff', { hasText: 'demain' }).waitFor();
    assert.deepEqual(await matches('after a reload'), held);
    assert.deepEqual(problems, []);
  });
});
