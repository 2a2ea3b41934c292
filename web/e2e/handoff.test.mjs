// The hand-off, in two browsers against the real server: a visitor asks Dota for a
// person in Arabic; a staff member, named for visitors on their profile, sees the
// conversation arrive live in the console, takes it and answers under that name; the visitor reads the answer in the widget within a second; staff
// hand back and Dota answers the visitor's next question.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStaff, signIn, STAFF } from './console-helpers.mjs';
import { ALWAYS_OPEN, e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { chatSay as say, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

describe('hand-off to staff', () => {
  let server;
  let browser;

  // The team is in whenever the test runs, so the visitor waits for a person.
  serveSuite({ skip, officeHours: ALWAYS_OPEN, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('a visitor asks for a person in Arabic; staff take it, answer and hand back', { skip, timeout: 180_000 }, async (t) => {
    const staffContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const visitorContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => Promise.all([staffContext.close(), visitorContext.close()]));

    const staff = await staffContext.newPage();
    await signIn(staff, STAFF.editor);
    const staffProblems = watchConsole(staff, server.baseURL); // after the sign-in page's expected 401
    // The staff member names themselves for visitors on their profile.
    await staff.goto('/admin/profile');
    await staff.getByLabel('Nom affiché aux visiteurs').fill('Karima');
    await staff.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await staff.getByText('Profil mis à jour').first().waitFor();
    await staff.goto('/admin/conversations');
    await staff.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();

    await visitorContext.addInitScript(() => localStorage.setItem('lang', 'ar'));
    const visitor = await visitorContext.newPage();
    const visitorProblems = watchConsole(visitor, server.baseURL);
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'فتح المحادثة مع Dota' }).click();
    const panel = visitor.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();

    const reply = await say(visitor, panel, 'بغيت نهدر مع شخص من الفريق');
    assert.equal(reply.handoff?.state, 'waiting', JSON.stringify(reply));
    await panel.locator('.chat-panel__handoff').waitFor();
    await say(visitor, panel, 'عندي سؤال على متجر إلكتروني');

    // Staff see it arrive live: the menu's badge and the list, without reloading.
    await staff.locator('.sidebar__bubble', { hasText: '1' }).waitFor({ timeout: 5_000 });
    const row = staff.locator('.inbox__row', { hasText: 'متجر إلكتروني' });
    await row.waitFor({ timeout: 5_000 });
    await screenshot(staff, 'handoff-waiting-in-the-inbox');
    await row.click();
    await staff.getByRole('button', { name: 'Prendre la conversation' }).click();
    await panel.locator('.chat-panel__handoff', { hasText: 'Karima' }).waitFor({ timeout: 5_000 });

    const answer = 'مرحبا، أنا من الفريق. كيف يمكنني مساعدتك؟';
    await staff.getByLabel('Votre réponse').fill(answer);
    const sent = staff.waitForResponse((r) => /^\/api\/admin\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname));
    await staff.getByLabel('Votre réponse').press('Enter'); // Enter sends, as staff do
    assert.equal((await sent).status(), 201);
    const shown = Date.now();
    await panel.locator('.chat-msg--staff', { hasText: answer }).waitFor({ timeout: 1_000 });
    assert.ok(Date.now() - shown <= 1_000, 'the visitor reads the answer within a second');
    await panel.locator('.chat-msg--staff .chat-msg__author', { hasText: 'Karima' }).first().waitFor();
    await screenshot(visitor, 'handoff-staff-answer-in-the-widget');

    await staff.getByRole('button', { name: 'Rendre à Dota' }).click();
    await panel.locator('.chat-panel__handoff').waitFor({ state: 'detached', timeout: 5_000 });
    const next = await say(visitor, panel, 'ما هي أسعاركم؟');
    assert.ok(!next.handoff, JSON.stringify(next.handoff));
    assert.ok(next.messages.some((m) => m.sender === 'bot'), 'Dota answers again');
    await screenshot(visitor, 'handoff-dota-back');

    assert.deepEqual(staffProblems, []);
    assert.deepEqual(visitorProblems, []);
  });
});
