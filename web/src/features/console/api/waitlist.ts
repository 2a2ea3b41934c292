// The waiting lines of full slots, as staff see them (GET /api/admin/waitlist), and
// taking someone out of line (DELETE /api/admin/waitlist/{id}).
import { api } from '../../../lib/api';

/** States of a waitlist entry; waiting and offered entries are in line. */
export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'declined', 'expired', 'removed', 'lapsed'] as const;

/** One of WAITLIST_STATES. */
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** States of an entry still in line, which staff may remove. */
export const IN_LINE: readonly string[] = ['waiting', 'offered'];

/** One person in a slot's line. */
export interface WaitlistEntry {
  id: string;
  /** 1 is the first in line; null once out of line. */
  position: number | null;
  name: string;
  email: string;
  phone: string;
  service: string;
  language: string;
  source: 'form' | 'chat' | (string & {});
  state: WaitlistState | (string & {});
  created_at: string;
  offered_at?: string | null;
  /** Until when an offered place is held. */
  hold_until?: string | null;
  /** The appointment booked by accepting the offer. */
  appointment_id?: string | null;
}

/** A full slot and its line, entries in line order. */
export interface WaitlistSlot {
  /** YYYY-MM-DD and HH:MM in the agency's time zone. */
  date: string;
  time: string;
  label: string;
  capacity: number;
  /** Appointments that take a place. */
  booked: number;
  /** Places held by open offers. */
  held: number;
  entries: WaitlistEntry[];
}

/** The lines of one date (YYYY-MM-DD), or of every slot from today on when date is empty. */
export async function listWaitlist(date: string, signal?: AbortSignal): Promise<WaitlistSlot[]> {
  const body = await api.get<{ items?: WaitlistSlot[] }>('/api/admin/waitlist', { query: { date }, signal });
  return Array.isArray(body?.items) ? body.items : [];
}

/** Takes an entry out of line; an open offer is withdrawn and goes to the next in line. 404 for an unknown entry. */
export function removeFromWaitlist(id: string): Promise<void> {
  return api.delete<void>(`/api/admin/waitlist/${encodeURIComponent(id)}`);
}
