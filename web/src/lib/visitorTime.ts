import { createContext, createElement, useContext, type ReactNode } from 'react';

// Slot times are the agency's (its time zone, a setting). A visitor whose browser is in
// another zone also sees their own time beside it; what is booked never changes.

/** The browser's time zone, '' when it does not say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** The wall-clock parts of an instant in a zone. */
function partsIn(zone: string, instant: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour') % 24, mi: n('minute') };
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi) - Math.floor(instant / 60_000) * 60_000;
}

/** The instant of a day (YYYY-MM-DD) and time (HH:MM) on a zone's wall clock; NaN for a malformed one. */
export function instantOf(date: string, time: string, zone: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return NaN;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Twice: the offset at the first guess may differ across a change of summer time.
  const first = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, first);
}

/**
 * A slot of the agency's (day and time in agencyZone) as the visitor's clock reads it, in
 * lang and its clock: "13:00", with the weekday when it falls on another day there ("lun. 23:00"). ''
 * when the two clocks agree at that moment, when a zone is unknown, or the slot is malformed.
 */
export function visitorTime(date: string, time: string, agencyZone: string, visitor: string, lang: string): string {
  if (!agencyZone || !visitor || agencyZone === visitor) return '';
  try {
    const instant = instantOf(date, time, agencyZone);
    if (Number.isNaN(instant) || offsetAt(agencyZone, instant) === offsetAt(visitor, instant)) return '';
    const there = partsIn(visitor, instant);
    const sameDay = `${there.y}-${String(there.m).padStart(2, '0')}-${String(there.d).padStart(2, '0')}` === date;
    return new Intl.DateTimeFormat(lang, {
      timeZone: visitor,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: lang.startsWith('en') ? 'h12' : 'h23', // as the slots are written: 24 hours but in English
      ...(sameDay ? {} : { weekday: 'short' }),
    }).format(new Date(instant));
  } catch {
    return ''; // a zone this browser does not know
  }
}

const AgencyZone = createContext('');

/** Gives the pages under it the agency's time zone (the site's settings). */
export function AgencyZoneProvider({ zone, children }: { zone: string; children: ReactNode }) {
  return createElement(AgencyZone.Provider, { value: zone }, children);
}

/**
 * The visitor's own time of an agency slot (visitorTime, in lang and the browser's zone);
 * '' when the clocks agree or the agency's zone is not known yet.
 */
export function useVisitorTime(lang: string): (date: string, time: string) => string {
  const zone = useContext(AgencyZone);
  const visitor = browserZone();
  return (date, time) => visitorTime(date, time, zone, visitor, lang);
}
