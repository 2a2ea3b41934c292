// Dota in the widget as prospects write to it, not as its script asks: several details in
// one message, a question asked mid-way, a correction at the summary and a person asked for
// at the end — in darija written in Latin letters, and in Arabic, right to left. Each
// conversation ends with the values the visitor meant in the database and the visitor
// waiting for the team.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALWAYS_OPEN, e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { chatSay as say, sql, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

describe('Dota with a messy conversation', () => {
  let server;
  let browser;

  // The team is in whenever the test runs, so asking for a person waits for one.
  serveSuite({ skip, officeHours: ALWAYS_OPEN }, (s, b) => ([server, browser] = [s, b]));

  async function open(t, lang, launcher) {
    const context = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => context.close());
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    const problems = watchConsole(page, server.baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: launcher }).click();
    const panel = page.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();
    return { page, panel, problems };
  }

  // The last bot message of a reply, for the assertion messages.
  const said = (reply) => JSON.stringify(reply.messages?.map((m) => m.text));

  async function booked(id) {
    const [row] = await sql(server.databaseURL, `SELECT name, email, phone_e164, coalesce(company, ''), source,
      extract(isodow FROM date)::text, time FROM appointments WHERE id = '${id}'`);
    return row;
  }

  test('in darija written in Latin letters', { skip, timeout: 120_000 }, async (t) => {
    const { page, panel, problems } = await open(t, 'fr', 'Ouvrir le chat avec Dota');
    // Name and service in the opening message, with a greeting and a lead-in.
    let reply = await say(page, panel, 'slm, ana Yacine Bouzid, nheb ndir site web l entreprise ta3i');
    assert.equal(reply.step, 'email', said(reply));
    assert.equal(reply.collected.name, 'Yacine Bouzid');
    reply = await say(page, panel, 'yacine.bouzid@example.dz');
    assert.equal(reply.step, 'phone', said(reply));
    reply = await say(page, panel, '0770 55 44 33');
    assert.equal(reply.step, 'company', said(reply));
    reply = await say(page, panel, 'la makanch');
    assert.equal(reply.step, 'date', said(reply));
    // A question mid-way is answered, and the booking goes on in the same reply.
    reply = await say(page, panel, 'chhal ykelef site web ?');
    assert.equal(reply.step, 'date', said(reply));
    assert.ok(reply.messages.length >= 2, said(reply));
    reply = await say(page, panel, 'nhar lkhmis');
    assert.equal(reply.step, 'time', said(reply));
    reply = await say(page, panel, 'l 10 sbah');
    assert.equal(reply.step, 'confirm', said(reply));
    // A new number at the summary replaces the old one.
    reply = await say(page, panel, 'la, numéro ta3i 0661 22 33 44');
    assert.equal(reply.step, 'confirm', said(reply));
    assert.equal(reply.collected.phone.replace(/\D/g, ''), '0661223344');
    reply = await say(page, panel, 'wah sah');
    assert.ok(reply.appointment_id, said(reply));
    assert.deepEqual(await booked(reply.appointment_id),
      ['Yacine Bouzid', 'yacine.bouzid@example.dz', '+213661223344', '', 'chat', '4', '10:00']);
    // Then a person, in ordinary words.
    reply = await say(page, panel, 'nheb nahder m3a wahed mn l equipe');
    assert.equal(reply.handoff?.state, 'waiting', said(reply));
    await panel.locator('.chat-panel__handoff').waitFor();
    await screenshot(page, 'chat-messy-darija-latn');
    assert.deepEqual(problems, []);
  });

  test('in Arabic, right to left', { skip, timeout: 120_000 }, async (t) => {
    const { page, panel, problems } = await open(t, 'ar', 'فتح المحادثة مع Dota');
    let reply = await say(page, panel, 'السلام عليكم، اسمي سارة بن علي وأريد حجز موعد لتطوير تطبيق جوال');
    assert.equal(reply.step, 'email', said(reply));
    assert.equal(reply.collected.name, 'سارة بن علي');
    reply = await say(page, panel, 'بريدي هو sara.benali@example.dz');
    assert.equal(reply.step, 'phone', said(reply));
    reply = await say(page, panel, '0661 44 55 66');
    assert.equal(reply.step, 'company', said(reply));
    reply = await say(page, panel, 'لا يوجد');
    assert.equal(reply.step, 'date', said(reply));
    reply = await say(page, panel, 'كم يكلف تطبيق الجوال؟');
    assert.equal(reply.step, 'date', said(reply));
    assert.ok(reply.messages.length >= 2, said(reply));
    reply = await say(page, panel, 'يوم الأحد القادم');
    assert.equal(reply.step, 'time', said(reply));
    reply = await say(page, panel, 'الساعة العاشرة صباحا');
    assert.equal(reply.step, 'confirm', said(reply));
    // Another hour at the summary, in words.
    reply = await say(page, panel, 'لا، الحادية عشرة أفضل');
    assert.equal(reply.step, 'confirm', said(reply));
    assert.equal(reply.collected.time, '11:00');
    reply = await say(page, panel, 'نعم، أكّد');
    assert.ok(reply.appointment_id, said(reply));
    assert.deepEqual(await booked(reply.appointment_id),
      ['سارة بن علي', 'sara.benali@example.dz', '+213661445566', '', 'chat', '7', '11:00']);
    reply = await say(page, panel, 'أود التحدث مع أحد موظفيكم');
    assert.equal(reply.handoff?.state, 'waiting', said(reply));
    await panel.locator('.chat-panel__handoff').waitFor();
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    await screenshot(page, 'chat-messy-ar');
    assert.deepEqual(problems, []);
  });
});
