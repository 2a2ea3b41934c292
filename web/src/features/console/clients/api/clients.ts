import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Client } from '../../api/types';
import type { Answer, GetBody, RequestBody, Schemas } from '../../../../lib/schemas';

/** Fields of the client dialogs: an empty optional one is cleared (a new client's is null). */
export type ClientInput = Schemas['ClientInput'];

/** A page of clients with the counts of the screen's cards (over every client). */
export type ClientPage = GetBody<'/api/admin/clients'>;

/** Clients, newest first, optionally matching q on name, e-mail or company. */
export function listClients(q: string, signal?: AbortSignal, page = 1, size = 20): Promise<ClientPage> {
  return api.get<ClientPage>('/api/admin/clients', { query: { q, page, size }, signal });
}

/** Every value trimmed; an empty one stays empty, which clears it (a field left out would stay as it was). */
function clean(input: ClientInput): ClientInput {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value?.trim() ?? ''])) as ClientInput;
}

/** Creates a client. */
export async function createClient(input: ClientInput): Promise<Client> {
  return (await api.post<Answer<'/api/admin/clients', 'post'>>('/api/admin/clients', clean(input))).client;
}

/** Updates a client. */
export async function updateClient(id: string, input: ClientInput): Promise<Client> {
  return (await api.patch<Answer<'/api/admin/clients/{id}', 'patch'>>(`/api/admin/clients/${id}`, clean(input))).client;
}

/** Deletes a client; refused with `conflict` while appointments reference it. */
export function deleteClient(id: string) {
  return api.delete<void>(`/api/admin/clients/${id}`);
}

/** An appointment still ahead, listed when an erasure is refused with `upcoming`. */
export type UpcomingAppointment = Schemas['Upcoming'];

/** The answer of an erasure: what it removed or anonymised, by kind, and the success text. */
export type EraseResult = Answer<'/api/admin/clients/{id}/erase', 'post'>;

/** What an erasure removed or anonymised, by kind. */
export type ErasedCounts = EraseResult['erased'];

/** The erasure's confirmation: the person's full name, and whether to cancel their upcoming appointments. */
export type EraseInput = RequestBody<'/api/admin/clients/{id}/erase', 'post'>;

/**
 * Everything held on a client (law 18-07), as one JSON document ready to save.
 * The server's body is written back indented so the file reads well.
 */
export async function exportClient(id: string, signal?: AbortSignal): Promise<Blob> {
  const body = await api.get<unknown>(`/api/admin/clients/${encodeURIComponent(id)}/export`, { signal });
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return new Blob([text], { type: 'application/json' });
}

/**
 * Erases a client's personal data (admins only). Refused with 400 `validation`
 * (fields.confirm) when confirm does not name the person, and with 409 `upcoming`
 * while appointments are still ahead and cancel_upcoming is false.
 */
export function eraseClient(id: string, input: EraseInput): Promise<EraseResult> {
  return api.post<EraseResult>(`/api/admin/clients/${encodeURIComponent(id)}/erase`, input);
}

/** The upcoming appointments of a 409 `upcoming` refusal, else null. */
export function upcomingOf(err: unknown): UpcomingAppointment[] | null {
  if (!(err instanceof ApiError) || err.code !== 'upcoming') return null;
  const list = err.details.upcoming;
  return Array.isArray(list) ? (list as UpcomingAppointment[]) : [];
}

/** Creates a client (without id) or updates one; the clients' lists are asked again. */
export function useSaveClientMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ClientInput }) => (id ? updateClient(id, input) : createClient(input)),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.clients }),
  });
}

/** Deletes a client; the clients' lists are asked again. */
export function useDeleteClientMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.clients }),
  });
}

/** Erases a client's personal data; the clients' lists are asked again, whatever the answer (the client may be gone). */
export function useEraseClientMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EraseInput }) => eraseClient(id, input),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.clients }),
  });
}

/** Downloads everything held on a client. */
export function useExportClientMutation() {
  return useMutation({ mutationFn: (id: string) => exportClient(id) });
}

/** Clients: a page of the list (searched by q). */
export const clientQueries = {
  list: (q: string, page: number, size: number) =>
    queryOptions({ queryKey: [...keys.clients, q, page, size], queryFn: ({ signal }) => listClients(q, signal, page, size) }),
};
