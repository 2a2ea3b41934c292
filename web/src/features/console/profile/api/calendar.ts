import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api';
import type { paths } from '../../../../lib/api-schema';
import type { Schemas } from '../../../../lib/schemas';
import { keys } from '../../api/keys';

/** A consultant's calendars: whether a private feed is out, the calendar read in and its last reads. */
export type ConsultantCalendar = Schemas['ConsultantCalendar'];

/** A new private feed address, shown once. */
export type FeedLink = Schemas['FeedLink'];

/** The calendar a consultant reads in: an ICS address or a CalDAV collection. */
export type CalendarSourceInput = NonNullable<
  paths['/api/admin/consultants/{id}/calendar']['put']['requestBody']
>['content']['application/json'];

const path = (id: string) => `/api/admin/consultants/${encodeURIComponent(id)}/calendar`;

/** A user's calendars, or null when the user is not a consultant (the server answers 404). */
export async function getConsultantCalendar(id: string, signal?: AbortSignal): Promise<ConsultantCalendar | null> {
  try {
    return await api.get<ConsultantCalendar>(path(id), { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The user's calendars (null: not a consultant). */
export const calendarQueries = {
  status: (id: string) =>
    queryOptions({ queryKey: keys.consultantCalendar(id), queryFn: ({ signal }) => getConsultantCalendar(id, signal) }),
};

/** Saves the calendar read in (read once before it is saved); what was stored becomes the status. */
export function useSetCalendarSourceMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarSourceInput) => api.put<ConsultantCalendar>(path(id), input),
    onSuccess: (saved) => client.setQueryData(keys.consultantCalendar(id), saved),
  });
}

/** Makes a new private feed address, revoking the previous one. */
export function useNewFeedMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FeedLink>(`${path(id)}/feed`),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.consultantCalendar(id) }),
  });
}

/** Revokes the private feed address. */
export function useRevokeFeedMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Schemas['Message']>(`${path(id)}/feed`),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.consultantCalendar(id) }),
  });
}
