import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Answer, Schemas } from '../../../../lib/schemas';
import type { Appointment } from '../../api/types';

/** What happened at a meeting, as staff record it once its time has passed. */
export const OUTCOMES = ['attended', 'no_show', 'agency_cancelled'] as const satisfies readonly Exclude<Schemas['AppointmentOutcome'], ''>[];

/** The outcome filter's values: a recorded outcome, or none recorded yet. */
export const OUTCOME_FILTERS = [...OUTCOMES, 'missing'] as const;

/** From this many no-shows on, a client's appointments carry a badge. */
export const NO_SHOW_BADGE_AT = 2;

/** Records (or corrects) the outcome of an appointment whose time has passed. */
export async function recordOutcome(id: string, outcome: (typeof OUTCOMES)[number]): Promise<Appointment> {
  const body = await api.put<Answer<'/api/admin/appointments/{id}/outcome', 'put'>>(`/api/admin/appointments/${id}/outcome`, { outcome });
  return body.appointment;
}

/** Records an outcome; the list and the appointment are asked again. */
export function useRecordOutcomeMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (outcome: (typeof OUTCOMES)[number]) => recordOutcome(id, outcome),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.appointments });
      void client.invalidateQueries({ queryKey: keys.appointment(id) });
      void client.invalidateQueries({ queryKey: keys.dashboard });
      void client.invalidateQueries({ queryKey: keys.clients });
    },
  });
}
