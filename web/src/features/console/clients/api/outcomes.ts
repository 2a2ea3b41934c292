import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/schemas';
import { keys } from '../../api/keys';

/** What happened at a client's past meetings. */
export type ClientOutcomes = Schemas['ClientOutcomes'];

/** Reads a client's past meetings and their outcomes. */
export function fetchClientOutcomes(id: string, signal?: AbortSignal): Promise<ClientOutcomes> {
  return api.get<ClientOutcomes>(`/api/admin/clients/${id}/outcomes`, { signal });
}

/** A client's record of outcomes, under the clients' key. */
export const clientOutcomeQueries = {
  of: (id: string) => queryOptions({ queryKey: [...keys.clients, id, 'outcomes'], queryFn: ({ signal }) => fetchClientOutcomes(id, signal) }),
};
