// What the offer page works out on its own: how long the place is still held. The
// server stays the judge of whether the offer is open.

/** Time left before a hold ends, in whole hours and minutes. */
export interface TimeLeft {
  hours: number;
  minutes: number;
}

/** The time left until holdUntil (an RFC 3339 instant) at now; null once it has passed or when unreadable. */
export function timeLeft(holdUntil: string, now: number = Date.now()): TimeLeft | null {
  const end = Date.parse(holdUntil);
  if (Number.isNaN(end) || end <= now) return null;
  const minutes = Math.floor((end - now) / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The key, under `offer.left.`, of the words for a time left. */
export function timeLeftKey(left: TimeLeft): 'hours' | 'minutes' | 'underMinute' {
  if (left.hours > 0) return 'hours';
  return left.minutes > 0 ? 'minutes' : 'underMinute';
}
