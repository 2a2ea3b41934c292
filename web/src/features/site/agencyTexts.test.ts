import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '../../lib/i18n';
import { aboutStory, heroBadge } from './agencyTexts';
import { agencyOf, type Agency } from './contact';

/** A profile with a city and a founding year as given (0 and "" for none). */
function agency(city: string, founded: number): Agency {
  return agencyOf({
    site_name: 'Nadi Studio',
    site_description: '',
    contact_email: 'hello@nadi.example',
    maintenance_mode: false,
    agency: {
      address: { street: '', city, postal_code: '', country: '', country_name: '' },
      founded_year: founded,
    },
  } as Parameters<typeof agencyOf>[0])!;
}

describe('texts about the agency', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.loadLanguages(['fr', 'en', 'ar']);
    await i18n.loadNamespaces(['site']);
  });
  const t = (lang: string) => i18n.getFixedT(lang, 'site');

  it("writes in the hero's badge the city and the founding year the profile gives, and nothing it does not", () => {
    expect(heroBadge(t('fr'), agency('Oran', 2015))).toBe('Agence digitale à Oran depuis 2015');
    expect(heroBadge(t('fr'), agency('Oran', 0))).toBe('Agence digitale à Oran');
    expect(heroBadge(t('fr'), agency('', 2015))).toBe('Agence digitale depuis 2015');
    expect(heroBadge(t('fr'), null)).toBe('Agence digitale');
    expect(heroBadge(t('en'), agency('Oran', 2015))).toBe('Digital agency in Oran since 2015');
    expect(heroBadge(t('ar'), agency('وهران', 2015))).toBe('وكالة رقمية في وهران منذ 2015');
    expect(heroBadge(t('ar'), null)).toBe('وكالة رقمية');
  });

  it("tells the about page's story with the profile's name, city and founding year", () => {
    const fr = aboutStory(t('fr'), agency('Oran', 2015));
    expect(fr).toMatch(/^Depuis sa fondation à Oran en 2015, Nadi Studio aide entreprises/);
    expect(fr).toContain('Développeurs, designers');
    expect(aboutStory(t('en'), agency('', 2015))).toMatch(/^Since its founding in 2015, Nadi Studio has helped/);
    expect(aboutStory(t('en'), agency('Oran', 0))).toMatch(/^Based in Oran, Nadi Studio helps/);
    expect(aboutStory(t('ar'), agency('وهران', 2015))).toMatch(/^منذ تأسيسها في وهران سنة 2015، تساعد Nadi Studio/);
    // Before the profile is known (the prerendered page): the texts' site name, no city, no year.
    const bare = aboutStory(t('en'), null);
    expect(bare).toMatch(/^Dota helps businesses/);
    expect(bare).not.toMatch(/\d/);
  });
});
