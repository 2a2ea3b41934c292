import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Client, Paged } from '../../api/types';
import type { Schemas } from '../../../../lib/schemas';

/** Fields of the client dialogs. */
export type ClientInput = Pick<Client, 'nom' | 'prenom'> &
  Partial<Pick<Client, 'email' | 'numero_1' | 'numero_2' | 'nom_entreprise' | 'siteweb'>>;

/** Counts of the clients screen's cards (over every client). */
export interface ClientStats {
  total: number;
  with_email: number;
  with_company: number;
}

/** A page of clients with the screen's counts. */
export interface ClientPage extends Paged<Client> {
  stats: ClientStats;
}

/** Clients, newest first, optionally matching q on name, e-mail or company. */
export async function listClients(q: string, signal?: AbortSignal, page = 1, size = 20): Promise<ClientPage> {
  const body = await api.get<Partial<ClientPage>>('/api/admin/clients', { query: { q, page, size }, signal });
  const items = body.items ?? [];
  return {
    items,
    total: body.total ?? items.length,
    page: body.page ?? page,
    size: body.size ?? size,
    stats: body.stats ?? {
      total: items.length,
      with_email: items.filter((c) => c.email).length,
      with_company: items.filter((c) => c.nom_entreprise).length,
    },
  };
}

/** Empty optional values are sent as null. */
function clean(input: ClientInput): ClientInput {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(input)) {
    const text = typeof value === 'string' ? value.trim() : value;
    out[key] = text ? text : null;
  }
  return out as unknown as ClientInput;
}

function unwrap(body: { client?: Client } & Partial<Client>): Client {
  return (body.client ?? body) as Client;
}

/** Creates a client. */
export async function createClient(input: ClientInput): Promise<Client> {
  return unwrap(await api.post('/api/admin/clients', clean(input)));
}

/** Updates a client. */
export async function updateClient(id: string, input: ClientInput): Promise<Client> {
  return unwrap(await api.patch(`/api/admin/clients/${id}`, clean(input)));
}

/** Deletes a client; refused with `conflict` while appointments reference it. */
export function deleteClient(id: string) {
  return api.delete<void>(`/api/admin/clients/${id}`);
}

/** An appointment still ahead, listed when an erasure is refused with `upcoming`. */
export type UpcomingAppointment = Schemas['Upcoming'];

/** What an erasure removed or anonymised, by kind. */
export interface ErasedCounts {
  appointments: number;
  conversations: number;
  messages: number;
  notes: number;
  waitlist: number;
  newsletter: number;
  cancelled: number;
}

/** The answer of an erasure. */
export interface EraseResult {
  erased: ErasedCounts;
  message?: string;
}

/** The erasure's confirmation: the person's full name, and whether to cancel their upcoming appointments. */
export interface EraseInput {
  confirm: string;
  cancel_upcoming: boolean;
}

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
export async function eraseClient(id: string, input: EraseInput): Promise<EraseResult> {
  const body = await api.post<Partial<EraseResult>>(`/api/admin/clients/${encodeURIComponent(id)}/erase`, input);
  const counts: Partial<ErasedCounts> = body?.erased ?? {};
  const n = (key: keyof ErasedCounts) => {
    const value = counts[key];
    return typeof value === 'number' ? value : 0;
  };
  return {
    erased: {
      appointments: n('appointments'),
      conversations: n('conversations'),
      messages: n('messages'),
      notes: n('notes'),
      waitlist: n('waitlist'),
      newsletter: n('newsletter'),
      cancelled: n('cancelled'),
    },
    message: body?.message,
  };
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
