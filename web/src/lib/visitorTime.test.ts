import { describe, expect, it } from 'vitest';
import { instantOf, visitorTime } from './visitorTime';

describe('instantOf', () => {
  it('reads a wall-clock time in a zone, summer time included', () => {
    expect(new Date(instantOf('2027-01-12', '14:00', 'Africa/Algiers')).toISOString()).toBe('2027-01-12T13:00:00.000Z');
    expect(new Date(instantOf('2027-07-12', '14:00', 'Europe/London')).toISOString()).toBe('2027-07-12T13:00:00.000Z');
    expect(instantOf('12/01/2027', '14:00', 'Africa/Algiers')).toBeNaN();
  });
});

describe('visitorTime', () => {
  it('gives the visitor’s own time when their clock differs', () => {
    // Algiers is UTC+1 all year; London is UTC+0 in winter.
    expect(visitorTime('2027-01-12', '14:00', 'Africa/Algiers', 'Europe/London', 'fr')).toBe('13:00');
    expect(visitorTime('2027-01-12', '09:30', 'Africa/Algiers', 'America/New_York', 'fr')).toBe('03:30');
    expect(visitorTime('2027-01-12', '14:00', 'Africa/Algiers', 'Europe/London', 'en')).toBe('01:00 PM');
  });

  it('adds the weekday when the slot falls on another day for the visitor', () => {
    expect(visitorTime('2027-01-12', '17:00', 'Africa/Algiers', 'Asia/Tokyo', 'en')).toBe('Wed 01:00 AM');
    expect(visitorTime('2027-01-12', '17:00', 'Africa/Algiers', 'Asia/Tokyo', 'fr')).toBe('mer. 01:00');
  });

  it('writes the visitor\'s time on the clock of the page\'s language: 24 hours in Arabic and French', () => {
    expect(visitorTime('2027-01-12', '14:00', 'Africa/Algiers', 'Europe/London', 'ar')).toMatch(/^(13|١٣):(00|٠٠)$/);
    expect(visitorTime('2027-01-12', '14:00', 'Africa/Algiers', 'Europe/London', 'fr')).toBe('13:00');
  });

  it('says nothing when the clocks agree, or a zone is unknown', () => {
    expect(visitorTime('2027-01-12', '14:00', 'Africa/Algiers', 'Africa/Algiers', 'en')).toBe('');
    expect(visitorTime('2027-01-12', '14:00', 'Africa/Algiers', 'Africa/Lagos', 'en')).toBe(''); // both UTC+1
    expect(visitorTime('2027-01-12', '14:00', '', 'Europe/London', 'en')).toBe('');
    expect(visitorTime('2027-01-12', '14:00', 'Africa/Algiers', 'Mars/Olympus', 'en')).toBe('');
  });
});
