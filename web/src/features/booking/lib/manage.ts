// What the manage page decides on its own: why an appointment cannot be changed
// online, which slots of a day it can move to, and how its date reads in a language.
// The server stays the judge of every change; this only keeps the page from offering
// what it would refuse.
import type { ManagedAppointment } from '../api/manage';
import type { Day } from '../api/appointments';

/**
 * Why the customer cannot change the appointment online: cancelled, past (or done),
 * inside the minimum notice, or closed to online changes for another reason (the agency
 * holds it). null when both cancelling and moving are open.
 */
export type Lock = 'cancelled' | 'past' | 'notice' | 'agency';

/** The lock on an appointment at now (milliseconds since the epoch). */
export function lockOf(a: ManagedAppointment, now: number = Date.now()): Lock | null {
  if (a.status === 'cancelled') return 'cancelled';
  if (a.status === 'completed' || (a.starts_at !== null && Date.parse(a.starts_at) <= now)) return 'past';
  if (a.can_cancel && a.can_reschedule) return null;
  if (a.notice_until !== null && Date.parse(a.notice_until) <= now) return 'notice';
  return 'agency';
}

/** Statuses with a label of their own; the staff's working states read as "in progress". */
const KNOWN_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'];

/** The key of a status's label under `status.`. */
export function statusKey(status: string): string {
  return KNOWN_STATUSES.includes(status) ? status : 'other';
}

/** Locales for dates: Algerian French and Arabic (Arabic months as said in Algeria, Latin digits). */
const LOCALES: Record<string, string> = { fr: 'fr-DZ', en: 'en-GB', ar: 'ar-DZ' };

function locale(lang: string): string {
  return LOCALES[lang] ?? lang;
}

/** A calendar date (YYYY-MM-DD) for a person: "dimanche 6 janvier 2030". */
export function formatDay(date: string, lang: string): string {
  if (!date) return '';
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(locale(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** A time of day (HH:MM) on the 24-hour clock: "09:00". */
export function formatTime(time: string, lang: string): string {
  if (!time) return '';
  const at = new Date(`1970-01-01T${time}:00Z`);
  if (Number.isNaN(at.getTime())) return time;
  return new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(at);
}

/** Algiers is UTC+1 all year (no daylight saving): the offset when the appointment has no slot to read it from. */
const AGENCY_OFFSET = 3_600_000;

/**
 * How far the agency's clock is ahead of UTC, in milliseconds, read from the appointment
 * itself (its date and time against its instant), so the page needs no time-zone table.
 */
export function agencyOffset(a: Pick<ManagedAppointment, 'date' | 'time' | 'starts_at'>): number {
  if (!a.starts_at) return AGENCY_OFFSET;
  const offset = Date.parse(`${a.date}T${a.time}:00Z`) - Date.parse(a.starts_at);
  return Number.isFinite(offset) ? offset : AGENCY_OFFSET;
}

/** An instant in the agency's time zone, for a person: "lundi 5 janvier 2030 à 10:00". */
export function formatInstant(instant: string | null, lang: string, offset: number): string {
  if (!instant) return '';
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return instant;
  // The agency's wall clock, read as if it were UTC.
  return new Intl.DateTimeFormat(locale(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(at + offset));
}

/** Today's date on the agency's calendar (YYYY-MM-DD). */
export function agencyToday(offset: number, now: number = Date.now()): string {
  return new Date(now + offset).toISOString().slice(0, 10);
}

/** How long before the appointment online changes close, in milliseconds. */
export function noticeOf(a: Pick<ManagedAppointment, 'starts_at' | 'notice_until'>): number {
  if (!a.starts_at || !a.notice_until) return 0;
  const notice = Date.parse(a.starts_at) - Date.parse(a.notice_until);
  return Number.isFinite(notice) && notice > 0 ? notice : 0;
}

/** Why a slot cannot be chosen: taken, past, too soon (inside the notice), or the appointment's own. */
export type SlotState = 'free' | 'taken' | 'past' | 'soon' | 'current';

/** One slot of the day the customer looks at. */
export interface SlotChoice {
  time: string;
  label: string;
  state: SlotState;
}

/**
 * The slots of day as the customer may choose them: a slot that starts inside the
 * minimum notice would be one they could not change again, and the server refuses it.
 */
export function slotChoices(day: Day | null | undefined, a: ManagedAppointment, now: number = Date.now()): SlotChoice[] {
  if (!day || day.closed) return [];
  const offset = agencyOffset(a);
  const earliest = now + noticeOf(a);
  return day.slots.map((s) => {
    let state: SlotState = 'free';
    if (day.date === a.date && s.time === a.time) state = 'current';
    else if (s.past) state = 'past';
    else if (!s.free) state = 'taken';
    else if (Date.parse(`${day.date}T${s.time}:00Z`) - offset < earliest) state = 'soon';
    return { time: s.time, label: s.label, state };
  });
}
