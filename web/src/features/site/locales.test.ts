import { describe, expect, it } from 'vitest';

// Every language has the same texts in the site, booking, chat, manage and waitlist namespaces.
const files = import.meta.glob<{ default: unknown }>('../../locales/*/{site,booking,chat,manage,waitlist,confirmed,profile}.json', { eager: true });

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('public site texts', () => {
  for (const ns of ['site', 'booking', 'chat', 'manage', 'waitlist', 'confirmed', 'profile']) {
    it(`has the same ${ns} keys in fr, en and ar`, () => {
      const of = (lang: string) => keys(files[`../../locales/${lang}/${ns}.json`]!.default).sort();
      expect(of('en').length).toBeGreaterThan(5);
      expect(of('fr')).toEqual(of('en'));
      expect(of('ar')).toEqual(of('en'));
    });
  }

  it('uses the spec messages as given', () => {
    const en = files['../../locales/en/booking.json']!.default as { toast: Record<string, string> };
    expect(en.toast).toMatchObject({
      requiredTitle: 'Please fill in required fields',
      requiredText: 'Name and phone number are required.',
      successTitle: 'Appointment Requested!',
      successText: "We'll contact you soon to confirm your appointment.",
    });
    const chat = files['../../locales/fr/chat.json']!.default as Record<string, string>;
    expect(chat.error).toBe('Sorry, I encountered an error. Please try again.');
  });
});
