// Shapes of the /api/admin routes, taken from the contract: src/lib/api-schema.d.ts is
// generated from api/openapi.yaml (`npm run gen:api`). To change a shape, change the
// document; only the runtime lists below and the chart shapes are written here.
import type { GetBody, Schemas } from '../../../lib/schemas';

/**
 * The members of the string union T as a runtime list, in the order given. It compiles only
 * when the list names every member, so a value the document adds cannot be forgotten.
 */
export function everyMember<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ) => list as L;
}

/** Role of a staff member. */
export type Role = Schemas['Role'];

/** A console page a user may open; the menu is built from the server's list. */
export type PageKey = Schemas['Page'];

/** Roles of staff, in the order the console offers them. */
export const ROLES = everyMember<Role>()(['admin', 'moderator', 'editor']);

/** An action a user may be allowed to do. */
export type Permission = Schemas['Permission'];

/** A staff account. */
export type AdminUser = Schemas['User'];

/** Answer of GET /api/admin/me; the screens read permissions as plain strings. */
export type Me = Omit<Schemas['Profile'], 'user' | 'permissions'> & { user: AdminUser; permissions: string[] };

/** Appointment statuses, in the order the console lists them. */
export const STATUSES = everyMember<Schemas['AppointmentStatus']>()([
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'not_responding_1',
  'not_responding_2',
  'unreachable',
  'updating',
]);

/** One of STATUSES. */
export type Status = (typeof STATUSES)[number];

/** An appointment request. */
export type Appointment = Schemas['Appointment'];

/** A staff note on an appointment. */
export type Note = Schemas['Note'];

/** One status change of an appointment. */
export type HistoryEntry = Schemas['HistoryEntry'];

/** One message of the chat conversation behind a booking (in order: the screens key by position). */
export type TranscriptMessage = Schemas['TranscriptMessage'];

/** Appointment counts by status. */
export type AppointmentStats = Schemas['AppointmentStats'];

/** A client of the agency. */
export type Client = Schemas['Client'];

/** Statuses of a project. */
export const PROJECT_STATUSES = everyMember<Schemas['ProjectStatus']>()([
  'En cours',
  'Version final',
  'En attent de modification',
  'Payer et livrer',
  'Terminer',
]);

/** A project of the portfolio and its money. */
export type Project = Schemas['Project'];

/** Kinds, priorities and statuses of notifications. */
export const NOTIFICATION_TYPES = everyMember<Schemas['NotificationType']>()(['appointment', 'system', 'info', 'warning', 'error']);
export const NOTIFICATION_PRIORITIES = everyMember<Schemas['NotificationPriority']>()(['urgent', 'high', 'normal', 'low']);
export const NOTIFICATION_STATUSES = everyMember<Schemas['NotificationStatus']>()(['unread', 'read', 'archived']);

/** A message for staff. */
export type Notification = Schemas['Notification'];

/** The settings object, persisted by the server. */
export type Settings = Schemas['Settings'];

/** One backup, made by hand or on the settings' schedule. */
export type BackupRun = Schemas['BackupRun'];

/** GET /api/admin/backups: the runs, and whether this server can make a backup. */
export type Backups = GetBody<'/api/admin/backups'>;

/** An active service, for selectors. */
export type ServiceOption = Pick<Schemas['ServiceView'], 'id' | 'name' | 'category'> &
  Partial<Pick<Schemas['ServiceView'], 'slug' | 'modes' | 'default_mode'>>;

/** How a meeting happens. */
export type MeetingMode = Schemas['MeetingMode'];

/** Every meeting mode, in the order they are offered. */
export const MEETING_MODES: MeetingMode[] = ['office', 'phone', 'video'];

/** One slot of a day (GET /api/slots). */
export type Slot = Schemas['Slot'];

/** A day's slots. */
export type Day = Schemas['Day'];

/** A point of a time series, as the operations charts draw it. */
export interface Point {
  t: string | number;
  v: number;
}

/** A named time series, as the operations charts draw it. */
export interface Series {
  name: string;
  unit?: string;
  points: Point[];
}

/** Kinds of live events. */
export type LiveKind = Schemas['LiveEvent']['kind'];

/** One event of GET /api/admin/events. */
export type LiveEvent = Schemas['LiveEvent'];

/**
 * Kinds of message to a customer the ledger's filter offers: every kind but the chat's
 * one-time codes.
 */
export const DELIVERY_KINDS = [
  'confirmation',
  'confirmed',
  'moved',
  'cancelled',
  'reminder',
  'waitlist_offer',
  'chat_answer',
  'follow_up',
] as const satisfies readonly Schemas['DeliveryKind'][];

/** States of a message in the ledger. */
export const DELIVERY_STATES = everyMember<Schemas['DeliveryState']>()(['scheduled', 'sent', 'failed', 'skipped']);

/** States of an alert to staff in its ledger, in the order the filter lists them. */
export const ALERT_STATES = everyMember<Schemas['AlertState']>()(['pending', 'sent', 'failed', 'skipped']);

/** The events staff are alerted to, in the order the profile and the ledger list them. */
export const ALERT_EVENTS = everyMember<Schemas['AlertEvent']>()([
  'visitor_waiting',
  'new_booking',
  'offer_accepted',
  'appointment_assigned',
  'message_failed',
  'backup_failed',
  'outcomes_due',
]);

/** One alert to one staff member on one channel (GET /api/admin/alerts). */
export type Alert = Schemas['Alert'];

/** A page of the alerts' ledger. */
export type AlertPage = GetBody<'/api/admin/alerts'>;

/** One message to a customer, sent or due (GET /api/admin/messages). */
export type Delivery = Schemas['Delivery'];

/** A page of the ledger. */
export type DeliveryPage = GetBody<'/api/admin/messages'>;

/** A conversation as the inbox lists it (GET /api/admin/conversations). */
export type ConversationSummary = Schemas['ConversationSummary'];

/** States of a conversation as the inbox shows them: with Dota, waiting for staff, with staff, closed. */
export const CONVERSATION_STATES = everyMember<Schemas['ConversationSummary']['state']>()(['bot', 'waiting', 'staff', 'closed']);

/** One of CONVERSATION_STATES. */
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/** How a finished conversation ended. */
export const CONVERSATION_OUTCOMES = everyMember<NonNullable<ConversationSummary['outcome']>>()([
  'booked',
  'abandoned',
  'unanswered',
]);

/** One of CONVERSATION_OUTCOMES. */
export type ConversationOutcome = (typeof CONVERSATION_OUTCOMES)[number];

/** Why a conversation went to staff. */
export type HandoffReason = NonNullable<ConversationSummary['handoff_reason']>;

/** Who wrote a message of a conversation. */
export type ConversationSender = Schemas['Sender'];

/** A page of the inbox, with the number of conversations waiting for staff. */
export type ConversationPage = GetBody<'/api/admin/conversations'>;

/** What Dota collected from the visitor; date is YYYY-MM-DD, time HH:MM, any may be empty. */
export type Collected = Schemas['Collected'];

/** One message of a conversation, as the inbox reads it. */
export type ConversationMessage = Schemas['TranscriptMessage'];

/** One conversation with what staff need to take it over (GET /api/admin/conversations/{id}). */
export type ConversationDetail = Schemas['ConversationDetail'];

/** A message staff sent to the visitor. */
export type StaffMessage = Schemas['ChatMessage'];

/** Answer of GET /api/admin/questions. */
export type QuestionsReport = GetBody<'/api/admin/questions'>;

/** Windows of the questions Dota could not answer. */
export const QUESTION_WINDOWS = everyMember<QuestionsReport['window']>()(['1h', '24h', '7d']);

/** One of QUESTION_WINDOWS. */
export type QuestionWindow = (typeof QUESTION_WINDOWS)[number];

/** Questions worded alike, with the latest few. */
export type QuestionGroup = Schemas['QuestionGroup'];

/** One question as a visitor asked it. */
export type QuestionExample = QuestionGroup['examples'][number];
