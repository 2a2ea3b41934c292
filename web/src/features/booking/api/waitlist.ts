// The waiting list of a full slot: the booking form offers it when the slot it asked
// for was just taken. Joining twice with the same e-mail is harmless (the server answers
// as to a new place, naming neither the entry nor its place in line).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentAttribution } from '../../../lib/attribution';
import { sendWithChallenge } from '../../../lib/challenge';
import type { RequestBody, Schemas } from '../../../lib/schemas';

/** What the form sends to join a slot's line: the slot (YYYY-MM-DD, HH:MM), how to reach the person (the offer is e-mailed), and the anti-abuse fields. */
export type WaitlistRequest = RequestBody<'/api/waitlist', 'post'>;

/** The slot waited for and where the offer will go, as POST /api/waitlist returns it. */
export type WaitlistPlace = Schemas['WaitlistPlace'];

/**
 * POST /api/waitlist: 201 with the place (the same answer when already in line); 409 `conflict`
 * when the slot has room again (book it instead); 422 `slot_closed`; a validation error
 * with fields; 429 as the booking form (a challenge may be asked for).
 */
export function joinWaitlist(body: WaitlistRequest): Promise<WaitlistPlace> {
  return api.post<WaitlistPlace>('/api/waitlist', body);
}

/**
 * Joins a slot's line, with where the visit came from, through the challenge when the
 * server asks for one (verifying says while it is solved).
 */
export function useJoinWaitlistMutation(onVerifying: (verifying: boolean) => void) {
  return useMutation({
    mutationFn: (body: Omit<WaitlistRequest, 'altcha'>) =>
      sendWithChallenge((altcha) => joinWaitlist({ attribution: currentAttribution(), ...body, altcha }), onVerifying),
  });
}
