import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sendWithChallenge } from '../../../lib/challenge';
import type { Schemas } from '../../../lib/schemas';

/** One slot of a day, as GET /api/slots returns it. */
export type Slot = Schemas['Slot'];

/** A day and its slots; a closed day (closed_day, past, beyond_horizon) has none. */
export type Day = Schemas['Day'];

/** A free slot the server offers instead of a taken or closed one. */
export type Alternative = Schemas['SlotRef'];

/**
 * What the form sends: every field of the request, empty when not given (mode: the service's
 * default); the consultant, asked only when several take the service, goes beside them.
 */
// The form's own fields; the answers to the service's questions and the visit's attribution are sent beside them.
export type AppointmentRequest = Required<Omit<Schemas['BookingRequest'], 'consultant_id' | 'answers' | 'attribution'>>;

/** The consultant a visitor asks for (PublicConsultant.id), sent only when chosen. */
export type ConsultantChoice = { consultant_id?: string };

/** How a meeting happens: at the office, by phone, by video. */
export type MeetingMode = Schemas['MeetingMode'];

/** One of a service's own questions, in the visitor's language, as the form draws it. */
export type QuestionView = Schemas['QuestionView'];

/**
 * A service as the form offers it: its name and slug, the meeting modes it offers with its
 * default, and the questions a booking of it is asked (in the visitor's language).
 */
export interface ServiceChoice {
  name: string;
  slug: string;
  modes: MeetingMode[];
  default_mode: MeetingMode;
  questions: QuestionView[];
}

/** The answers to the service's questions (question id → answer) and where the visit came from, sent with the form. */
export type AnswersAndAttribution = Pick<Schemas['BookingRequest'], 'answers' | 'attribution'>;

/** The anti-abuse fields sent with the form: the honeypot, and a solved challenge when asked. */
export type GuardFields = Schemas['FormGuard'];

/** The slots of one date (YYYY-MM-DD); for a service (by slug) and a consultant when given. */
export function getDay(date: string, signal?: AbortSignal, service = '', consultant = ''): Promise<Day> {
  return api.get<Day>('/api/slots', { query: { date, ...(service ? { service } : {}), ...(consultant ? { consultant } : {}) }, signal });
}

/** A consultant a visitor may ask for, by the name visitors see. */
export type PublicConsultant = Schemas['PublicConsultant'];

/** The active consultants who take a service (by slug); none when the agency has none. */
export async function consultantsFor(service: string, signal?: AbortSignal): Promise<PublicConsultant[]> {
  return (await api.get<{ items?: PublicConsultant[] }>('/api/consultants', { query: { service }, signal })).items ?? [];
}

/** Active services for the form's list, by name, with the meeting modes each offers. */
export async function serviceChoices(signal?: AbortSignal): Promise<ServiceChoice[]> {
  const res = await api.get<{ items: Schemas['ServiceView'][] }>('/api/services', { query: { order: 'name' }, signal });
  return res.items.map((s) => ({
    name: s.name,
    slug: s.slug ?? s.name,
    modes: s.modes ?? ['office'],
    default_mode: s.default_mode ?? 'office',
    questions: s.questions ?? [],
  }));
}

/** A booking as the form hears of it: whether a confirmation e-mail is on its way. */
export type Booked = Schemas['Booked'];

/** Books; the key makes a retry or a double click book once. */
export function createAppointment(
  body: AppointmentRequest & ConsultantChoice & AnswersAndAttribution & GuardFields,
  idempotencyKey: string,
): Promise<Booked> {
  return api.post<Booked>('/api/appointments', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Books, through the challenge when the server asks for one (verifying says while it is solved). */
export function useCreateAppointmentMutation(onVerifying: (verifying: boolean) => void) {
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: AppointmentRequest & ConsultantChoice & AnswersAndAttribution & Pick<GuardFields, 'website'>;
      idempotencyKey: string;
    }) =>
      sendWithChallenge((altcha) => createAppointment({ ...body, altcha }, idempotencyKey), onVerifying),
  });
}
