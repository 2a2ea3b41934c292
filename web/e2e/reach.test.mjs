// A staff answer reaches a visitor who left, against the real server, its River jobs and
// a real SMTP exchange: a visitor asks Dota for a person in English and gives an e-mail
// address while waiting, then closes the page; a staff member takes the conversation and
// answers. Once it has waited unread (a minute by default, 8 s here), the answer arrives by e-mail (the mailbox in this process), in
// English, saying replies are not read; its link opens the site with the widget on the
// same conversation, the answer in it, and the conversation goes on live.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStaff, signIn, STAFF } from './console-helpers.mjs';
import { ALWAYS_OPEN, e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { chatSay as say, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

describe('answers that reach a visitor who left', () => {
  let server;
  let browser;

  // An unread answer waits 8 s here before it is e-mailed (a minute by default).
  serveSuite({ skip, smtp: true, officeHours: ALWAYS_OPEN, env: { DOTA_CHAT_ANSWER_MAIL_AFTER: '8s' }, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('the visitor closes the page; the staff answer arrives by e-mail and its link reopens the conversation', { skip, timeout: 240_000 }, async (t) => {
    const staffContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const visitorContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => Promise.all([staffContext.close(), visitorContext.close()]));

    const staff = await staffContext.newPage();
    await signIn(staff, STAFF.editor);
    const staffProblems = watchConsole(staff, server.baseURL);
    await staff.goto('/admin/conversations');
    await staff.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();

    await visitorContext.addInitScript(() => localStorage.setItem('lang', 'en'));
    const visitor = await visitorContext.newPage();
    const visitorProblems = watchConsole(visitor, server.baseURL);
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Open the chat with Dota' }).click();
    let panel = visitor.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();
    const reply = await say(visitor, panel, 'I would like to talk to a person about an online shop');
    assert.equal(reply.handoff?.state, 'waiting', JSON.stringify(reply));
    await say(visitor, panel, 'If I leave, write to me at sara.e2e@example.net');
    await visitor.close(); // the stream closes with the page
    assert.deepEqual(visitorProblems, []);

    const row = staff.locator('.inbox__row', { hasText: 'If I leave' });
    await row.waitFor({ timeout: 5_000 });
    await row.click();
    await staff.getByRole('button', { name: 'Prendre la conversation' }).click();
    const answer = 'Hello Sara, we build online shops; the quote is free.';
    await staff.getByLabel('Votre réponse').fill(answer);
    const sent = staff.waitForResponse((r) => /^\/api\/admin\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname));
    await staff.getByLabel('Votre réponse').press('Enter');
    assert.equal((await sent).status(), 201);
    const answeredAt = Date.now();

    const mail = await server.mailbox.waitFor((m) => m.to.includes('sara.e2e@example.net'), 'with the staff answer', 150_000);
    assert.ok(Date.now() - answeredAt >= 7_000, 'the answer waits unread before it is e-mailed');
    assert.match(mail.text, /Hello Sara, we build online shops; the quote is free\./);
    assert.match(mail.text, /Replies to this e-mail are not read/);
    assert.equal(mail.headers.get('reply-to'), undefined, 'no Reply-To on a message whose replies nobody reads');
    const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/\?lang=en&chat=[\w%-]+/)?.[0];
    assert.ok(link, `no link back to the conversation in:\n${mail.text}`);

    const back = await visitorContext.newPage();
    const backProblems = watchConsole(back, server.baseURL);
    await back.goto(link);
    panel = back.getByRole('dialog');
    await panel.locator('.chat-msg--staff', { hasText: answer }).waitFor({ timeout: 10_000 });
    assert.ok(!new URL(back.url()).searchParams.has('chat'), 'the link is removed from the address once read');
    await screenshot(back, 'reach-the-answer-reopened-from-the-mail');

    // The conversation goes on live in the reopened widget.
    const more = 'Tell me which products you sell.';
    await staff.getByLabel('Votre réponse').fill(more);
    await staff.getByLabel('Votre réponse').press('Enter');
    await panel.locator('.chat-msg--staff', { hasText: more }).waitFor({ timeout: 5_000 });

    assert.deepEqual(staffProblems, []);
    assert.deepEqual(backProblems, []);
  });
});
