import { describe, expect, it } from 'vitest';

// Every language has the same texts in every namespace of src/locales.
const files = import.meta.glob<{ default: unknown }>('../../locales/*/*.json', { eager: true });
const LANGUAGES = ['fr', 'en', 'ar'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const namespaces = [...new Set(Object.keys(files).map((path) => path.split('/').pop()!.replace(/\.json$/, '')))].sort();
const of = (lang: string, ns: string) => files[`../../locales/${lang}/${ns}.json`]?.default;

describe('locale files', () => {
  it('has every namespace in fr, en and ar', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(7);
    for (const ns of namespaces) for (const lang of LANGUAGES) expect(of(lang, ns), `${lang}/${ns}.json`).toBeDefined();
  });

  for (const ns of namespaces) {
    it(`has the same ${ns} keys in fr, en and ar`, () => {
      // A plural text counts once, by its base key; each language then has the forms its
      // plural rules need (Arabic has six, French and English two).
      const bases = (lang: string) => [...new Set(keys(of(lang, ns)).map((k) => k.replace(PLURAL, '')))].sort();
      expect(bases('en').length).toBeGreaterThan(1);
      expect(bases('fr')).toEqual(bases('en'));
      expect(bases('ar')).toEqual(bases('en'));
      for (const lang of LANGUAGES) {
        const all = keys(of(lang, ns));
        const plurals = new Set(all.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
        // The forms counts of up to a thousand take (French's "many" is for millions).
        const rules = new Intl.PluralRules(lang);
        const forms = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
        for (const base of plurals) {
          for (const form of forms) expect(all, `${lang}/${ns}.json ${base}_${form}`).toContain(`${base}_${form}`);
        }
      }
    });
  }

  it('keeps the spec messages in English and translates them in French and Arabic', () => {
    const booking = (lang: string) => (of(lang, 'booking') as { toast: Record<string, string> }).toast;
    expect(booking('en')).toMatchObject({
      requiredTitle: 'Please fill in required fields',
      requiredText: 'Name and phone number are required.',
      successTitle: 'Appointment Requested!',
      successText: "We'll contact you soon to confirm your appointment.",
    });
    expect(booking('fr').successTitle).toBe('Rendez-vous demandé !');
    expect(booking('ar').requiredTitle).not.toBe(booking('en').requiredTitle);
    const chat = (lang: string) => (of(lang, 'chat') as Record<string, string>).error;
    expect(chat('en')).toBe('Sorry, I encountered an error. Please try again.');
    expect(chat('fr')).toBe("Désolé, une erreur s'est produite. Veuillez réessayer.");
  });

  it("states in the site's texts no city, founding year or reply time: those come from the agency's profile or go", () => {
    // Prices, hours, the city and the founding year are the profile's; no data backs a reply time.
    const figures = /\b2018\b|\bAlger\b|Algiers|الجزائر العاصمة|24 ?h|24 ساعة/;
    for (const lang of LANGUAGES) {
      for (const ns of ['site', 'common']) {
        for (const [key, text] of keys(of(lang, ns)).map((k) => [k, lookup(of(lang, ns), k)] as const)) {
          expect(String(text), `${lang}/${ns}.json ${key}`).not.toMatch(figures);
        }
      }
    }
  });
});

/** The text at a key path as keys() writes it ("a.b[0].c"). */
function lookup(value: unknown, path: string): unknown {
  return path
    .split(/\.|\[(\d+)\]/)
    .filter(Boolean)
    .reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], value);
}
