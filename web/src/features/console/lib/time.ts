import type { TFunction } from 'i18next';

/** A relative age: unit and count, or `now` under a minute, or `never`. */
export type Age =
  | { unit: 'never' }
  | { unit: 'now' }
  | { unit: 'min' | 'h' | 'd' | 'mo' | 'y'; n: number };

/** How long ago `at` was, in the spec's units (À l'instant, min, h, j, mois, an(s)). */
export function ageOf(at: string | number | null | undefined, now: number = Date.now()): Age {
  if (at === null || at === undefined || at === '') return { unit: 'never' };
  const time = typeof at === 'number' ? at : Date.parse(at);
  if (Number.isNaN(time)) return { unit: 'never' };
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return { unit: 'now' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'min', n: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'h', n: hours };
  const days = Math.floor(hours / 24);
  if (days < 30) return { unit: 'd', n: days };
  const months = Math.floor(days / 30);
  if (months < 12) return { unit: 'mo', n: months };
  return { unit: 'y', n: Math.floor(days / 365) || 1 };
}

/** The relative age as text. */
export function relativeTime(t: TFunction, at: string | number | null | undefined, now?: number): string {
  const age = ageOf(at, now);
  if (age.unit === 'never') return t('time.never');
  if (age.unit === 'now') return t('time.now');
  return t(`time.${age.unit}`, { n: age.n });
}

/** A date and time in the interface language, on a 24-hour clock but in English. */
export function formatDateTime(lang: string, at: string | null | undefined): string {
  if (!at) return '—';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', ...(lang === 'en' ? {} : { hourCycle: 'h23' }) }).format(date);
}

/** A calendar date (YYYY-MM-DD or a timestamp) in the interface language. */
export function formatDate(lang: string, at: string | null | undefined): string {
  if (!at) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(at) ? new Date(`${at}T12:00:00`) : new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(date);
}

/** YYYY-MM-DD of a local date. */
export function isoDay(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** A weekday's name (0 Sunday … 6 Saturday) in the interface language. */
export function weekdayName(lang: string, weekday: number, style: 'long' | 'short' = 'long'): string {
  // 7 January 2024 was a Sunday.
  return new Intl.DateTimeFormat(lang, { weekday: style }).format(new Date(2024, 0, 7 + weekday, 12));
}
