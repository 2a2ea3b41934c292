import { api } from '../../../lib/api';
import type { Client } from './types';

/** Fields of the client dialogs. */
export type ClientInput = Pick<Client, 'nom' | 'prenom'> &
  Partial<Pick<Client, 'email' | 'numero_1' | 'numero_2' | 'nom_entreprise' | 'siteweb'>>;

/** Clients, newest first, optionally matching q on name, e-mail or company. */
export async function listClients(q: string, signal?: AbortSignal): Promise<Client[]> {
  const body = await api.get<{ items?: Client[] } | Client[]>('/api/admin/clients', { query: { q }, signal });
  return Array.isArray(body) ? body : (body.items ?? []);
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

/** Creates a client. */
export function createClient(input: ClientInput) {
  return api.post<Client>('/api/admin/clients', clean(input));
}

/** Updates a client. */
export function updateClient(id: string, input: ClientInput) {
  return api.patch<Client>(`/api/admin/clients/${id}`, clean(input));
}

/** Deletes a client; refused with `conflict` while appointments reference it. */
export function deleteClient(id: string) {
  return api.delete<void>(`/api/admin/clients/${id}`);
}
