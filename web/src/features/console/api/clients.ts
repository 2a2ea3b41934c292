import { api } from '../../../lib/api';
import type { Client, Paged } from './types';

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
