import { describe, expect, it } from 'vitest';
import { timeLeft, timeLeftKey } from './offer';

describe('the time left on a held place', () => {
  const now = Date.parse('2099-01-05T08:00:00Z');

  it('counts whole hours and minutes', () => {
    expect(timeLeft('2099-01-05T10:15:59Z', now)).toEqual({ hours: 2, minutes: 15 });
    expect(timeLeft('2099-01-05T08:45:00+00:00', now)).toEqual({ hours: 0, minutes: 45 });
    expect(timeLeft('2099-01-05T08:00:30Z', now)).toEqual({ hours: 0, minutes: 0 });
  });

  it('is none once the hold has ended, or when the instant cannot be read', () => {
    expect(timeLeft('2099-01-05T08:00:00Z', now)).toBeNull();
    expect(timeLeft('2099-01-05T07:59:00Z', now)).toBeNull();
    expect(timeLeft('tomorrow', now)).toBeNull();
  });

  it('picks the words for it', () => {
    expect(timeLeftKey({ hours: 1, minutes: 0 })).toBe('hours');
    expect(timeLeftKey({ hours: 0, minutes: 5 })).toBe('minutes');
    expect(timeLeftKey({ hours: 0, minutes: 0 })).toBe('underMinute');
  });
});
