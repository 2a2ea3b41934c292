// The agency's profile as the site shows it: read from the server (GET /api/site, the
// console's settings), for the cards, the footer, the floating buttons and the
// structured data. Nothing about the agency is written here.
import type { IconName } from '../../components/ui/Icon';
import { emptyAgency } from '../../lib/agency';
import type { AgencyProfile, SiteInfo } from './api/site';
import { useSiteInfo } from './SiteInfo';

/** The agency's profile with what the site derives from it. */
export interface Agency extends AgencyProfile {
  /** The agency's name (the settings' site name). */
  name: string;
  /** The address to write to (the settings' contact e-mail). */
  email: string;
  /** The address on one line. */
  addressLine: string;
  /** Link that opens the office on a map. */
  mapHref: string;
  /** Link that opens a WhatsApp conversation with the agency, "" without a number. */
  whatsappHref: string;
}

/** The profile in info, null while unknown. */
export function agencyOf(info: SiteInfo | null): Agency | null {
  if (!info?.agency) return null;
  // Every part defaults to empty, so that a profile the server sends without some part shows without it.
  const a: AgencyProfile = { ...emptyAgency, ...info.agency, hours: { ...emptyAgency.hours, ...info.agency.hours } };
  const addr = a.address;
  const addressLine = [addr.street, `${addr.postal_code} ${addr.city}`.trim(), addr.country_name]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  const digits = a.whatsapp.replace(/\D/g, '');
  return {
    ...a,
    name: info.site_name,
    email: info.contact_email,
    addressLine,
    mapHref:
      a.map_url ||
      (addressLine ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine)}` : ''),
    whatsappHref: digits ? `https://wa.me/${digits}` : '',
  };
}

/** The agency's profile, null until the server has told it. */
export function useAgency(): Agency | null {
  return agencyOf(useSiteInfo());
}

/** A phone number as a tel: link. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The icon of each social network the profile may name. */
export const SOCIAL_ICONS: Record<string, IconName> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'Linkedin',
  youtube: 'Youtube',
  tiktok: 'Video',
  x: 'MessageCircle',
};

/** A network's name as written: "LinkedIn", "YouTube". */
export const SOCIAL_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  x: 'X',
};

const WEEK: AgencyProfile['hours']['days'] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** A weekday's name in lang (0 = Sunday). */
function weekdayName(lang: string, day: number): string {
  // 4 January 2026 is a Sunday.
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + day));
}

/** The open days in lang: "Sunday – Thursday" for a run, else a list; "" without days. */
export function openDaysText(lang: string, days: string[]): string {
  const idx = WEEK.map((d, i) => (days.includes(d) ? i : -1)).filter((i) => i >= 0);
  if (idx.length === 0) return '';
  const first = idx[0]!;
  const last = idx[idx.length - 1]!;
  if (idx.length >= 3 && last - first === idx.length - 1) {
    return `${weekdayName(lang, first)} – ${weekdayName(lang, last)}`;
  }
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(idx.map((i) => weekdayName(lang, i)));
}

/** The days the office is closed in lang: "Friday and Saturday"; "" when it opens every day. */
export function closedDaysText(lang: string, days: string[]): string {
  const closed = WEEK.map((d, i) => (days.includes(d) ? -1 : i)).filter((i) => i >= 0);
  if (closed.length === 0 || closed.length === 7) return '';
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(closed.map((i) => weekdayName(lang, i)));
}

/** The office hours in lang: "Sunday – Thursday, 9:00 – 17:00" (24-hour clock). */
export function hoursText(lang: string, hours: AgencyProfile['hours']): string {
  const days = openDaysText(lang, hours.days ?? []);
  if (!days) return '';
  const clock = (hhmm: string) => hhmm.replace(/^0(\d)/, '$1');
  return `${days}${lang === 'ar' ? '، ' : ', '}${clock(hours.opens)} – ${clock(hours.closes)}`;
}

/** Whether the office opens every day of the week. */
export function openEveryDay(hours: AgencyProfile['hours']): boolean {
  return WEEK.every((d) => hours.days?.includes(d));
}

/** A price with the language's grouping and the currency: "5 000 DZD". */
export function priceText(lang: string, amount: number, currency: string): string {
  return `${new Intl.NumberFormat(lang === 'ar' ? 'ar-DZ-u-nu-latn' : lang).format(amount)} ${currency}`;
}

/** Years of experience in a year: it minus the founding year (0 while unknown). */
export function yearsOfExperience(foundedYear: number | undefined, year: number): number {
  return foundedYear ? year - foundedYear : 0;
}
