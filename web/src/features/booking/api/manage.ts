// The customer's own appointment, reached through the manage link of its e-mails
// (/manage/{token}): read it, cancel it, move it. The token is the only key: it goes to
// this site's API and nowhere else.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Schemas } from '../../../lib/schemas';

/** An appointment as the manage routes return it. */
export type ManagedAppointment = Schemas['Managed'];

/** A manage link's token: 43 url-safe base64 characters (32 random bytes). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether text can be a manage link's token; any other is not worth asking the server. */
export function isManageToken(text: string | undefined): text is string {
  return typeof text === 'string' && TOKEN.test(text);
}

const path = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

/** GET /api/manage/{token}; an unknown or expired token is a 404 `not_found`. */
export function getManagedAppointment(token: string, signal?: AbortSignal): Promise<ManagedAppointment> {
  return api.get<ManagedAppointment>(path(token), { signal });
}

/** POST /api/manage/{token}/cancel: 422 `too_late` inside the notice, 409 `conflict` once cancelled. */
export function cancelManagedAppointment(token: string): Promise<ManagedAppointment> {
  // An empty JSON object: the server takes JSON bodies only, whether or not it reads one.
  return api.post<ManagedAppointment>(`${path(token)}/cancel`, {});
}

/**
 * POST /api/manage/{token}/reschedule: 409 `slot_taken` with `alternatives`, 422
 * `slot_closed` or `too_late`, 409 `conflict` once cancelled.
 */
export function rescheduleManagedAppointment(token: string, to: { date: string; time: string }): Promise<ManagedAppointment> {
  return api.post<ManagedAppointment>(`${path(token)}/reschedule`, { date: to.date, time: to.time });
}

/** The address of the appointment's calendar file, for "add to calendar". */
export function calendarHref(token: string): string {
  return `/api/manage/${encodeURIComponent(token)}/calendar.ics`;
}

/** Cancels the appointment behind the token; the screen shows what the server returns. */
export function useCancelManagedMutation(token: string) {
  return useMutation({ mutationFn: () => cancelManagedAppointment(token) });
}

/** Moves the appointment behind the token to another slot. */
export function useRescheduleManagedMutation(token: string) {
  return useMutation({ mutationFn: (to: { date: string; time: string }) => rescheduleManagedAppointment(token, to) });
}
