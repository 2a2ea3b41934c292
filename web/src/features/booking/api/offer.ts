// A waitlist offer, reached through the link of its e-mail (/waitlist/offers/{token}):
// a place freed up in a full slot and is held for the person first in line until they
// accept it (an appointment is booked) or decline it (it goes to the next). The token is
// the only key: it goes to this site's API and nowhere else.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Schemas } from '../../../lib/schemas';
import type { Booked } from './appointments';

/** An offer as GET /api/waitlist/offers/{token} returns it. */
export type WaitlistOffer = Schemas['WaitlistOffer'];

/** What accepting returns: the booked appointment, and whether a confirmation e-mail is on its way. */
export type AcceptedOffer = Booked;

/** An offer link's token: url-safe characters only; any other text is not worth asking the server. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Whether text can be an offer link's token. */
export function isOfferToken(text: string | undefined): text is string {
  return typeof text === 'string' && TOKEN.test(text);
}

const path = (token: string) => `/api/waitlist/offers/${encodeURIComponent(token)}`;

/** GET the offer: 404 `not_found` for an unknown token, 410 `gone` once expired, declined or withdrawn. */
export function getOffer(token: string, signal?: AbortSignal): Promise<WaitlistOffer> {
  return api.get<WaitlistOffer>(path(token), { signal });
}

/** POST …/accept: 201 with the appointment (the same one when accepted again), 410 `gone` once closed. */
export function acceptOffer(token: string): Promise<AcceptedOffer> {
  // An empty JSON object: the server takes JSON bodies only, whether or not it reads one.
  return api.post<AcceptedOffer>(`${path(token)}/accept`, {});
}

/** POST …/decline: 200 {state: "declined"}, 410 `gone` when the offer is no longer open. */
export function declineOffer(token: string): Promise<{ state: string }> {
  return api.post<{ state: string }>(`${path(token)}/decline`, {});
}

/** Accepts the offer behind the token: books its slot. */
export function useAcceptOfferMutation(token: string) {
  return useMutation({ mutationFn: () => acceptOffer(token) });
}

/** Declines the offer behind the token: its place goes to the next in line. */
export function useDeclineOfferMutation(token: string) {
  return useMutation({ mutationFn: () => declineOffer(token) });
}
