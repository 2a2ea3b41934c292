import { STATUSES, type Status } from '../api/types';

/** The status to display: unknown values show as pending. */
export function displayStatus(status: string | null | undefined): Status {
  return (STATUSES as readonly string[]).includes(status ?? '') ? (status as Status) : 'pending';
}

/** A message preview cut at 30 characters. */
export function preview(text: string | null | undefined, max = 30): string {
  const value = text ?? '';
  const chars = [...value];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
}

/** A count for a bubble: 9+ above nine. */
export function bubble(n: number): string {
  return n > 9 ? '9+' : String(n);
}

/** An amount of Algerian dinars. */
export function formatDZD(lang: string, amount: number): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-DZ' : `${lang}-DZ`, { style: 'currency', currency: 'DZD', maximumFractionDigits: 2 }).format(
    Number.isFinite(amount) ? amount : 0,
  );
}

/** A number from a form field: 0 when it is not one. */
export function parseAmount(text: string | number): number {
  const n = typeof text === 'number' ? text : Number(String(text).replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}

/** The 11-character id of a YouTube link, or null. */
export function youtubeId(url: string): string | null {
  const match = url.match(/(?:youtu\.be\/|youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|v\/))([\w-]+)/);
  const id = match?.[1] ?? null;
  return id && id.length === 11 ? id : null;
}

/** The first 8 characters of an id. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** A client's full name as the console shows it: first name, then last name. */
export function fullName(client: { prenom: string; nom: string }): string {
  return `${client.prenom ?? ''} ${client.nom ?? ''}`.replace(/\s+/g, ' ').trim();
}

/** A name compared loosely: same letters, case and extra spaces ignored. */
function looseName(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/** Whether typed names the person called name (case and extra spaces ignored); an empty text never does. */
export function namesMatch(typed: string, name: string): boolean {
  const wanted = looseName(name);
  return wanted !== '' && looseName(typed) === wanted;
}

/** A text stored per language, read in lang: else the text given for all, else English, else any. */
export function inLanguage(text: Record<string, string> | null | undefined, lang: string): string {
  if (!text) return '';
  return text[lang] || text[''] || text.en || Object.values(text).find(Boolean) || '';
}
