// The agency's profile, edited in the console of a running server, shows at once (no
// restart) on the site, in its structured data, in Dota's answers and in the next e-mail.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eSkipReason, screenshot, serveSuite } from './harness.mjs';
import { book, createStaff, signIn, STAFF } from './console-helpers.mjs';
import { chatSay, settled } from './site-helpers.mjs';

const skip = e2eSkipReason({ binary: true });

const PHONE = '+213 21 64 10 10';
const STREET = '7 boulevard Zighoud Youcef';

describe('the agency profile', { skip }, () => {
  let server;
  let browser;

  serveSuite({ skip, smtp: true, setUp: createStaff }, (s, b) => ([server, browser] = [s, b]));

  test('edited in the console, it changes the site, its structured data, Dota and the next e-mail', { timeout: 180_000 }, async (t) => {
    // A visitor's page, open before the edit, so that the site has read the old profile.
    const visitor = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => visitor.close());
    const site = await visitor.newPage();
    await site.goto('/contact');
    await settled(site);
    await site.locator('.contact-card a[href^="tel:"]').first().waitFor();
    assert.notEqual(await site.locator('.contact-card a[href^="tel:"]').first().textContent(), PHONE);

    const staff = await browser.newContext({ baseURL: server.baseURL });
    t.after(() => staff.close());
    const page = await staff.newPage();
    await signIn(page, STAFF.admin);
    await page.goto('/admin/settings');
    const profile = page.getByRole('group', { name: "Profil de l'agence" });
    await profile.waitFor();
    await profile.getByLabel('Numéros de téléphone').fill(`${PHONE}\n+213 770 12 34 56`);
    await profile.getByLabel('Adresse', { exact: true }).fill(STREET);
    await profile.getByLabel('Code postal').fill('16004');
    await profile.getByLabel('Année de création').fill('2016');
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await page.getByText('Paramètres enregistrés avec succès !').first().waitFor();
    await screenshot(page, 'agency-profile-console');

    // The site, on the next load.
    await site.reload();
    await settled(site);
    await site.getByRole('link', { name: PHONE }).first().waitFor();
    assert.match(await site.locator('.site-footer__contact').textContent(), /7 boulevard Zighoud Youcef, 16004 Alger/);
    await screenshot(site, 'agency-profile-site');

    // The structured data of the home page.
    await site.goto('/');
    await settled(site);
    await site.waitForFunction(
      (street) => document.getElementById('structured-data')?.textContent?.includes(street),
      STREET,
    );
    // The hero's badge: the profile's city and founding year, not the texts'.
    assert.equal((await site.locator('.hero-banner__badge').textContent()).trim(), 'Agence digitale à Alger depuis 2016');
    const ld = JSON.parse(await site.locator('#structured-data').textContent());
    assert.equal(ld.telephone, '+21321641010');
    assert.equal(ld.address.streetAddress, STREET);
    assert.equal(ld.address.postalCode, '16004');

    // Dota.
    await site.getByRole('button', { name: 'Ouvrir le chat avec Dota' }).click();
    const panel = site.getByRole('dialog');
    await panel.locator('.chat-msg--bot').first().waitFor();
    const contact = await chatSay(site, panel, 'Comment vous contacter ?');
    assert.ok(contact.messages.some((m) => m.text.includes(PHONE)), JSON.stringify(contact.messages));
    const where = await chatSay(site, panel, 'Où êtes-vous situés ?');
    assert.ok(where.messages.some((m) => m.text.includes(STREET)), JSON.stringify(where.messages));

    // The next e-mail and its invitation.
    const email = `profil${Date.now()}@example.dz`;
    await book(server, { email, service: 'Développement web' });
    const mail = await server.mailbox.waitFor((m) => m.to.includes(email), `the confirmation to ${email}`);
    assert.ok(mail.text.includes(PHONE), mail.text);
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    assert.match(ics.content.replace(/\r\n /g, ''), /LOCATION:7 boulevard Zighoud Youcef\\, 16004 Alger/);
  });
});
