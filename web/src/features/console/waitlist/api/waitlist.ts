// The waiting lines of full slots, as staff see them (GET /api/admin/waitlist), and
// taking someone out of line (DELETE /api/admin/waitlist/{id}).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { GetBody, Schemas } from '../../../../lib/schemas';
import { keys } from '../../api/keys';

/** One person in a slot's line. */
export type WaitlistEntry = Schemas['WaitlistEntry'];

/** A full slot and its line, entries in line order. */
export type WaitlistSlot = Schemas['WaitlistSlot'];

/** One of the states of a waitlist entry. */
export type WaitlistState = WaitlistEntry['state'];

/** States of a waitlist entry; waiting and offered entries are in line. */
export const WAITLIST_STATES = [
  'waiting',
  'offered',
  'booked',
  'declined',
  'expired',
  'removed',
  'lapsed',
] as const satisfies readonly WaitlistState[];

/** States of an entry still in line, which staff may remove. */
export const IN_LINE: readonly string[] = ['waiting', 'offered'];

/** The lines of one date (YYYY-MM-DD), or of every slot from today on when date is empty. */
export async function listWaitlist(date: string, signal?: AbortSignal): Promise<WaitlistSlot[]> {
  return (await api.get<GetBody<'/api/admin/waitlist'>>('/api/admin/waitlist', { query: { date }, signal })).items;
}

/** Takes an entry out of line; an open offer is withdrawn and goes to the next in line. 404 for an unknown entry. */
export function removeFromWaitlist(id: string): Promise<void> {
  return api.delete<void>(`/api/admin/waitlist/${encodeURIComponent(id)}`);
}

/** Takes an entry out of line; the lines are asked again whatever the answer (the entry may be gone). */
export function useRemoveFromWaitlistMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeFromWaitlist, onSettled: () => void client.invalidateQueries({ queryKey: keys.waitlist }) });
}

/** The waitlist's slots (one date, or every slot from today on). */
export const waitlistQueries = {
  slots: (date: string) => queryOptions({ queryKey: [...keys.waitlist, date], queryFn: ({ signal }) => listWaitlist(date, signal) }),
};
