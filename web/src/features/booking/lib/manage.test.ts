import { describe, expect, it } from 'vitest';
import { isManageToken, type ManagedAppointment } from '../api/manage';
import type { Day } from '../api/appointments';
import {
  agencyOffset,
  agencyToday,
  formatDay,
  formatInstant,
  formatTime,
  lockOf,
  noticeOf,
  slotChoices,
  statusKey,
} from './manage';

// Sunday 6 January 2030, 10:00 in Algiers (UTC+1); online changes close 24 h before.
const appointment: ManagedAppointment = {
  id: 'a1',
  service: 'Développement Web',
  date: '2030-01-06',
  time: '10:00',
  starts_at: '2030-01-06T09:00:00Z',
  status: 'pending',
  lang: 'fr',
  can_cancel: true,
  can_reschedule: true,
  notice_until: '2030-01-05T09:00:00Z',
  mode: 'office',
  meeting_url: '',
};
const hour = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('manage link tokens', () => {
  it('are 43 url-safe base64 characters', () => {
    expect(isManageToken('A'.repeat(21) + '-_' + 'z9'.repeat(10))).toBe(true);
    expect(isManageToken('A'.repeat(42))).toBe(false);
    expect(isManageToken('A'.repeat(44))).toBe(false);
    expect(isManageToken('A'.repeat(42) + '/')).toBe(false);
    expect(isManageToken('A'.repeat(42) + '=')).toBe(false);
    expect(isManageToken(undefined)).toBe(false);
  });
});

describe('lockOf', () => {
  const before = at('2030-01-01T08:00:00Z');
  it('is open before the notice when both changes are allowed', () => {
    expect(lockOf(appointment, before)).toBeNull();
  });
  it('names a cancelled appointment first, whatever the time', () => {
    expect(lockOf({ ...appointment, status: 'cancelled', can_cancel: false, can_reschedule: false }, before)).toBe('cancelled');
  });
  it('says past once the appointment started, or once it is completed', () => {
    expect(lockOf({ ...appointment, can_cancel: false, can_reschedule: false }, at('2030-01-06T09:00:00Z'))).toBe('past');
    expect(lockOf({ ...appointment, status: 'completed', can_cancel: false, can_reschedule: false }, before)).toBe('past');
  });
  it('says notice inside the minimum notice', () => {
    const closed = { ...appointment, can_cancel: false, can_reschedule: false };
    expect(lockOf(closed, at('2030-01-05T09:00:00Z'))).toBe('notice');
    expect(lockOf(closed, at('2030-01-06T08:59:00Z'))).toBe('notice');
  });
  it('says agency when the server closes a change for another reason', () => {
    expect(lockOf({ ...appointment, can_reschedule: false }, before)).toBe('agency');
  });
});

describe('statusKey', () => {
  it('keeps the statuses a customer knows and reads the staff states as in progress', () => {
    expect(['pending', 'confirmed', 'completed', 'cancelled'].map(statusKey)).toEqual(['pending', 'confirmed', 'completed', 'cancelled']);
    expect(statusKey('not_responding_1')).toBe('other');
    expect(statusKey('unreachable')).toBe('other');
  });
});

describe('dates for a person', () => {
  it('writes the calendar date in each language, whatever the visitor’s time zone', () => {
    expect(formatDay('2030-01-06', 'fr')).toBe('dimanche 6 janvier 2030');
    expect(formatDay('2030-01-06', 'en')).toBe('Sunday, 6 January 2030');
    // Algerian Arabic month names, Latin digits.
    expect(formatDay('2030-01-06', 'ar')).toBe('الأحد، 6 جانفي 2030');
  });
  it('writes times on the 24-hour clock', () => {
    expect(formatTime('14:00', 'fr')).toBe('14:00');
    expect(formatTime('09:00', 'en')).toBe('09:00');
    expect(formatTime('09:00', 'ar')).toBe('09:00');
  });
  it('gives back text it cannot read', () => {
    expect(formatDay('soon', 'fr')).toBe('soon');
    expect(formatTime('later', 'fr')).toBe('later');
  });
  it('reads the agency’s offset from the appointment and writes instants on its clock', () => {
    expect(agencyOffset(appointment)).toBe(hour);
    expect(formatInstant(appointment.notice_until, 'fr', hour)).toBe('samedi 5 janvier 2030 à 10:00');
    expect(formatInstant(appointment.notice_until, 'en', hour)).toBe('Saturday, 5 January 2030 at 10:00');
  });
  it('knows the agency’s date when the visitor’s differs', () => {
    // 23:30 UTC on the 5th is 00:30 on the 6th in Algiers.
    expect(agencyToday(hour, at('2030-01-05T23:30:00Z'))).toBe('2030-01-06');
    expect(agencyToday(hour, at('2030-01-05T22:30:00Z'))).toBe('2030-01-05');
  });
  it('reads the minimum notice from the appointment', () => {
    expect(noticeOf(appointment)).toBe(24 * hour);
    expect(noticeOf({ starts_at: 'x', notice_until: 'y' })).toBe(0);
  });
});

describe('slotChoices', () => {
  const day = (date: string, slots: Day['slots']): Day => ({ date, closed: false, slots });
  const slot = (time: string, free = true, past?: boolean) => ({ time, label: time, free, remaining: free ? 1 : 0, past });

  it('marks the appointment’s own slot, taken and past ones', () => {
    const choices = slotChoices(
      day('2030-01-06', [slot('09:00', false, true), slot('10:00', false), slot('11:00', false), slot('14:00')]),
      appointment,
      at('2030-01-01T08:00:00Z'),
    );
    expect(choices.map((c) => [c.time, c.state])).toEqual([
      ['09:00', 'past'],
      ['10:00', 'current'],
      ['11:00', 'taken'],
      ['14:00', 'free'],
    ]);
  });

  it('keeps slots that start inside the minimum notice out of reach', () => {
    // Now: Monday 7 January 2030, 10:30 in Algiers; the notice is 24 h.
    const now = at('2030-01-07T09:30:00Z');
    const choices = slotChoices(day('2030-01-08', [slot('10:00'), slot('11:00')]), appointment, now);
    expect(choices.map((c) => c.state)).toEqual(['soon', 'free']);
  });

  it('has nothing for a closed day or none yet', () => {
    expect(slotChoices({ date: '2030-01-04', closed: true, reason: 'closed_day', slots: [] }, appointment)).toEqual([]);
    expect(slotChoices(null, appointment)).toEqual([]);
  });
});
