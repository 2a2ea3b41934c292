// Texts that speak of the agency's city or founding year: each says only what the
// profile gives, so the prerendered page (no profile yet) and an agency without a city
// or a year read a sentence without them.
import type { TFunction } from 'i18next';
import type { Agency } from './contact';

/** The variant of a text for what the profile gives: "", "City", "Since" or "CitySince". */
function variant(agency: Agency | null): { suffix: string; city: string; year: number } {
  const city = agency?.address.city.trim() ?? '';
  const year = agency?.founded_year ?? 0;
  const suffix = `${city ? 'City' : ''}${year > 0 ? 'Since' : ''}`;
  return { suffix, city, year };
}

/** The hero's badge: "Agence digitale à Alger depuis 2018", or as much of it as the profile gives. */
export function heroBadge(t: TFunction<'site'>, agency: Agency | null): string {
  const { suffix, city, year } = variant(agency);
  return t(`hero.badge${suffix}` as 'hero.badge', { city, year });
}

/** The about page's story: its first sentence names the city and the founding year the profile gives. */
export function aboutStory(t: TFunction<'site'>, agency: Agency | null): string {
  const { suffix, city, year } = variant(agency);
  const name = agency?.name || t('seo.siteName');
  return `${t(`about.storyLead${suffix}` as 'about.storyLead', { city, year, name })} ${t('about.story')}`;
}
