// The staff who meet prospects: who they are, the services they take, their weekly hours and
// their days off. Every console screen reads the same list (any staff may); admins write it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Schemas } from '../../../lib/schemas';
import { keys } from './keys';

/** A consultant: the staff user, the name visitors see, services, hours, days off, active. */
export type Consultant = Schemas['Consultant'];

/** What an admin saves of a consultant. */
export type ConsultantInput = Schemas['ConsultantInput'];

/** One range of a consultant's working hours on a weekday (0 Sunday … 6 Saturday). */
export type WeeklyRange = Schemas['WeeklyRange'];

/** The consultants, ordered by name. */
export async function listConsultants(signal?: AbortSignal): Promise<Consultant[]> {
  return (await api.get<{ items: Consultant[] }>('/api/admin/consultants', { signal })).items;
}

/** Makes a staff user a consultant, or replaces their profile, hours and days off. */
export function saveConsultant(id: string, input: ConsultantInput): Promise<Consultant> {
  return api.put<Consultant>(`/api/admin/consultants/${id}`, input);
}

/** The staff user is no longer a consultant. */
export function removeConsultant(id: string) {
  return api.delete<unknown>(`/api/admin/consultants/${id}`);
}

/** The consultants' list. */
export const consultantQueries = {
  list: () => queryOptions({ queryKey: keys.consultants, queryFn: ({ signal }) => listConsultants(signal) }),
};

const none: Consultant[] = [];

/** The consultants, for selects and filters (none while loading or when the read fails). */
export function useConsultants(): Consultant[] {
  return useQuery(consultantQueries.list()).data ?? none;
}

/** Saves a consultant; the consultants and the appointments (their owners' names) are asked again. */
export function useSaveConsultantMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ConsultantInput }) => saveConsultant(id, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.consultants });
      void client.invalidateQueries({ queryKey: keys.appointments });
    },
  });
}

/** Removes a consultant; the consultants and the appointments are asked again. */
export function useRemoveConsultantMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeConsultant,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.consultants });
      void client.invalidateQueries({ queryKey: keys.appointments });
    },
  });
}
