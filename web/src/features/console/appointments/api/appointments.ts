import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Answer, Filters, GetBody, RequestBody, Schemas } from '../../../../lib/schemas';
import type { Appointment, AppointmentStats, Note, TranscriptMessage } from '../../api/types';

/**
 * Filters of the appointment list, all applied by the server. consultant is a consultant's
 * id, `me` (the signed-in user's own appointments) or `none` (nobody's); traffic_source and
 * campaign name where the visit that booked came from (`facebook`, `linkedin.com`,
 * `direct`…), case aside.
 */
export type AppointmentFilters = Filters<
  '/api/admin/appointments',
  'q' | 'status' | 'service' | 'range' | 'outcome' | 'consultant' | 'traffic_source' | 'campaign'
>;

/** The filters the list's address holds, in the order it writes them. */
export const FILTER_KEYS = [
  'q',
  'status',
  'service',
  'range',
  'outcome',
  'consultant',
  'traffic_source',
  'campaign',
] as const satisfies readonly (keyof AppointmentFilters)[];

/** One page of appointments, newest first. */
export function listAppointments(filters: AppointmentFilters, page: number, size: number, signal?: AbortSignal) {
  return api.get<GetBody<'/api/admin/appointments'>>('/api/admin/appointments', { query: { ...filters, page, size }, signal });
}

/** Counts by status. */
export function appointmentStats(signal?: AbortSignal) {
  return api.get<AppointmentStats>('/api/admin/appointments/stats', { signal });
}

/** An appointment with its notes and its status history. */
export type AppointmentDetail = Schemas['AppointmentDetail'];

/** Reads one appointment, its notes and its status history. */
export function getAppointment(id: string, signal?: AbortSignal): Promise<AppointmentDetail> {
  return api.get<AppointmentDetail>(`/api/admin/appointments/${id}`, { signal });
}

/** The chat conversation behind a chat booking (none for another). */
export async function getTranscript(id: string, signal?: AbortSignal): Promise<TranscriptMessage[]> {
  return (await api.get<Schemas['Transcript']>(`/api/admin/appointments/${id}/transcript`, { signal })).messages;
}

/** Adds a note (the text is trimmed). */
export async function addNote(id: string, note: string): Promise<Note> {
  return (await api.post<Answer<'/api/admin/appointments/{id}/notes', 'post'>>(`/api/admin/appointments/${id}/notes`, { note: note.trim() })).note;
}

/** Deletes a note. */
export function deleteNote(noteId: string) {
  return api.delete<void>(`/api/admin/notes/${noteId}`);
}

/** Fields of the edit dialog. */
export type AppointmentEdit = Pick<Appointment, 'name' | 'email' | 'phone' | 'service' | 'date' | 'time' | 'message' | 'status'> & {
  /** Sent only when it changes: the server checks it against the service. */
  mode?: Appointment['mode'];
};

/** Gives an appointment to another consultant ('' for nobody); the server checks they are free then. */
export async function reassignAppointment(id: string, consultantId: string): Promise<Appointment> {
  const body = await api.patch<Answer<'/api/admin/appointments/{id}', 'patch'>>(`/api/admin/appointments/${id}`, { consultant_id: consultantId });
  return body.appointment;
}

/** Saves an edit; the server writes the history when the status changes. */
export async function updateAppointment(id: string, edit: AppointmentEdit): Promise<Appointment> {
  const body = await api.patch<Answer<'/api/admin/appointments/{id}', 'patch'>>(`/api/admin/appointments/${id}`, {
    ...edit,
    status_dashboard: edit.status,
  });
  return body.appointment;
}

/** Deletes one appointment. */
export function deleteAppointment(id: string) {
  return api.delete<void>(`/api/admin/appointments/${id}`);
}

/** Sets the status of several appointments. */
export function bulkStatus(ids: string[], status: string) {
  return api.post<unknown>('/api/admin/appointments/bulk', { ids, action: 'status', status });
}

/** Deletes several appointments. */
export function bulkDelete(ids: string[]) {
  return api.post<unknown>('/api/admin/appointments/bulk', { ids, action: 'delete' });
}

/** URL of the CSV export of the filtered rows, or of the given ids. */
export function exportUrl(filters: AppointmentFilters, ids: string[] = []): string {
  return buildUrl('/api/admin/appointments/export.csv', { ...filters, ids: ids.length ? ids.join(',') : undefined });
}

type NewAppointmentBody = RequestBody<'/api/admin/appointments', 'post'>;

/**
 * Fields of the console's creation form: every field of the request ('' when not given),
 * and a new client, created with the booking unless one matches by e-mail or phone.
 */
export type NewAppointment = Required<Omit<NewAppointmentBody, 'client' | 'website' | 'altcha' | 'consultant_id' | 'answers' | 'attribution'>> &
  Pick<NewAppointmentBody, 'client'> & {
    /** Who meets the prospect; absent: the server assigns one (round-robin by load). */
    consultant_id?: string;
  };

/**
 * Creates an appointment from the console (status En Attente); the key makes a retry book
 * once. Booked on a visitor's behalf from a conversation, the conversation lists it.
 */
export function createAppointment(body: NewAppointment, idempotencyKey: string, conversation = '') {
  return api.post<Appointment>('/api/admin/appointments', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    query: conversation ? { conversation } : undefined,
  });
}

/** Appointments of a month, grouped by day (YYYY-MM-DD), each day's by time. */
export async function calendarMonth(month: string, signal?: AbortSignal): Promise<Record<string, Appointment[]>> {
  const body = await api.get<GetBody<'/api/admin/appointments/calendar'>>('/api/admin/appointments/calendar', { query: { month }, signal });
  return Object.fromEntries(body.days.map((day) => [day.date, [...day.appointments].sort((a, b) => a.time.localeCompare(b.time))]));
}

/** Appointments from one day to another (YYYY-MM-DD, both included), of one consultant when given, by day. */
export async function calendarRange(from: string, to: string, consultant: string, signal?: AbortSignal): Promise<Record<string, Appointment[]>> {
  const query = { from, to, ...(consultant ? { consultant } : {}) };
  const body = await api.get<GetBody<'/api/admin/appointments/calendar'>>('/api/admin/appointments/calendar', { query, signal });
  return Object.fromEntries(body.days.map((day) => [day.date, [...day.appointments].sort((a, b) => a.time.localeCompare(b.time))]));
}

/** Adds a note to an appointment; the appointment is asked again. */
export function useAddNoteMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => addNote(id, note),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.appointment(id) }),
  });
}

/** Deletes a note of an appointment; the appointment is asked again. */
export function useDeleteNoteMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.appointment(id) }),
  });
}

/** Saves an edit; the appointments' lists and the appointment are asked again. */
export function useUpdateAppointmentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: AppointmentEdit }) => updateAppointment(id, edit),
    onSuccess: (_saved, { id }) => {
      void client.invalidateQueries({ queryKey: keys.appointments });
      void client.invalidateQueries({ queryKey: keys.appointment(id) });
    },
  });
}

/** Gives an appointment to another consultant; the appointments' lists and the appointment are asked again. */
export function useReassignMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (consultantId: string) => reassignAppointment(id, consultantId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.appointments });
      void client.invalidateQueries({ queryKey: keys.appointment(id) });
    },
  });
}

/** Sets the status of several appointments, or deletes them; the appointments' lists are asked again. */
export function useBulkAppointmentsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { ids: string[]; status: string } | { ids: string[]; remove: true }) =>
      'remove' in change ? bulkDelete(change.ids) : bulkStatus(change.ids, change.status),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.appointments }),
  });
}

/** Creates an appointment from the console; the appointments' lists are asked again. */
export function useCreateAppointmentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey, conversation }: { body: NewAppointment; idempotencyKey: string; conversation?: string }) =>
      createAppointment(body, idempotencyKey, conversation),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.appointments }),
  });
}

/** Appointments: a page of the list, the counts, a month of the calendar, one with its notes and history, its chat. */
export const appointmentQueries = {
  list: (filters: AppointmentFilters, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.appointments, 'list', filters, page, size],
      queryFn: ({ signal }) => listAppointments(filters, page, size, signal),
    }),
  stats: () => queryOptions({ queryKey: [...keys.appointments, 'stats'], queryFn: ({ signal }) => appointmentStats(signal) }),
  month: (month: string) =>
    queryOptions({ queryKey: [...keys.appointments, 'month', month], queryFn: ({ signal }) => calendarMonth(month, signal) }),
  week: (from: string, to: string, consultant: string) =>
    queryOptions({
      queryKey: [...keys.appointments, 'week', from, to, consultant],
      queryFn: ({ signal }) => calendarRange(from, to, consultant, signal),
    }),
  detail: (id: string) => queryOptions({ queryKey: [...keys.appointment(id), 'detail'], queryFn: ({ signal }) => getAppointment(id, signal) }),
  transcript: (id: string) =>
    queryOptions({ queryKey: [...keys.appointment(id), 'transcript'], queryFn: ({ signal }) => getTranscript(id, signal) }),
};
