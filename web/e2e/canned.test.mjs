// Canned replies, in two browsers against the real server: an administrator writes one
// with {first_name}; a visitor who gave their name asks for a person; a staff member takes
// the conversation, types / in the reply box, finds the reply, inserts it with Enter
// (filled with the visitor's first name) and sends it; the visitor's widget shows it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStaff, signIn, STAFF } from './console-helpers.mjs';
import { ALWAYS_OPEN, axeViolations, e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { chatSay as say, watchConsole } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

describe('canned replies', () => {
  let server;
  let browser;

  // The team is in whenever the test runs, so the visitor waits for a person.
  serveSuite({ skip, officeHours: ALWAYS_OPEN, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('an admin writes a reply; staff insert it with / and send it, filled; the visitor reads it', { skip, timeout: 180_000 }, async (t) => {
    const adminContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const staffContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    const visitorContext = await browser.newContext({ baseURL: server.baseURL, reducedMotion: 'reduce' });
    t.after(() => Promise.all([adminContext.close(), staffContext.close(), visitorContext.close()]));

    // The administrator writes the reply on its page, reached from the menu.
    const admin = await adminContext.newPage();
    await signIn(admin, STAFF.admin);
    const adminProblems = watchConsole(admin, server.baseURL);
    await admin.getByRole('navigation').getByRole('link', { name: 'Réponses types' }).click();
    await admin.getByRole('heading', { name: 'Réponses types', level: 1 }).waitFor();
    await admin.getByText('Aucune réponse type pour l\'instant. Écrivez la première.').waitFor();
    await admin.getByRole('button', { name: 'Nouvelle réponse' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nouvelle réponse type' });
    await dialog.getByRole('textbox', { name: /^Titre/ }).fill('Accueil conseiller');
    await dialog.getByRole('textbox', { name: 'Texte en Français' }).fill('Bonjour {first_name}, je suis là pour vous aider.');
    await dialog.getByRole('textbox', { name: 'Texte en English' }).fill('Hello {first_name}, I am here to help.');
    await admin.getByRole('button', { name: 'Créer' }).click();
    await admin.getByText('Réponse type créée.').first().waitFor();
    await admin.getByRole('cell', { name: 'Accueil conseiller', exact: true }).waitFor();
    await screenshot(admin, 'canned-replies-page');
    assert.deepEqual(await axeViolations(admin), [], 'the page passes axe');

    // The visitor gives their name to Dota, then asks for a person.
    const visitor = await visitorContext.newPage();
    const visitorProblems = watchConsole(visitor, server.baseURL);
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
    const panel = visitor.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();
    await say(visitor, panel, 'oui');
    const named = await say(visitor, panel, "Je m'appelle Amira Haddad");
    assert.equal(named.collected?.name, 'Amira Haddad', JSON.stringify(named));
    const waiting = await say(visitor, panel, 'je voudrais parler à un conseiller');
    assert.equal(waiting.handoff?.state, 'waiting', JSON.stringify(waiting));

    // A staff member takes it and answers with the canned reply, from the keyboard.
    const staff = await staffContext.newPage();
    await signIn(staff, STAFF.editor);
    const staffProblems = watchConsole(staff, server.baseURL);
    await staff.goto('/admin/conversations');
    await staff.locator('.inbox__row', { hasText: 'Amira' }).first().click();
    await staff.getByRole('button', { name: 'Prendre la conversation' }).click();
    const box = staff.getByRole('textbox', { name: 'Votre réponse' });
    await box.click();
    await box.press('/');
    await box.pressSequentially('accueil');
    const option = staff.getByRole('option', { name: /Accueil conseiller/ });
    await option.waitFor();
    assert.equal(await option.getAttribute('aria-selected'), 'true');
    assert.equal(await box.getAttribute('aria-activedescendant'), await option.getAttribute('id'));
    await screenshot(staff, 'canned-replies-picker');
    assert.deepEqual(await axeViolations(staff), [], 'the reply box with its list open passes axe');
    const filled = staff.waitForResponse((r) => /\/canned-replies\/[^/]+$/.test(new URL(r.url()).pathname));
    await box.press('Enter');
    assert.equal((await filled).status(), 200);
    const text = 'Bonjour Amira, je suis là pour vous aider.';
    await staff.waitForFunction(
      ([label, want]) => [...document.querySelectorAll('textarea')].some((el) => el.labels?.[0]?.textContent?.includes(label) && el.value === want),
      ['Votre réponse', text],
    );
    assert.equal(await staff.getByRole('listbox').count(), 0, 'the list closed');

    const sent = staff.waitForResponse((r) => /^\/api\/admin\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname));
    await box.press('Enter');
    assert.equal((await sent).status(), 201);
    await panel.locator('.chat-msg--staff', { hasText: text }).waitFor({ timeout: 5_000 });
    await screenshot(visitor, 'canned-reply-in-the-widget');

    assert.deepEqual(adminProblems, []);
    assert.deepEqual(staffProblems, []);
    assert.deepEqual(visitorProblems, []);
  });
});
