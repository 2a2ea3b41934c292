// Shapes of the /api/admin routes, as documented in api/openapi.yaml.

/** Role of a staff member. */
export type Role = 'admin' | 'moderator' | 'editor';

/** A console page a user may open; the menu is built from the server's list. */
export type PageKey =
  | 'dashboard'
  | 'conversations'
  | 'appointments'
  | 'waitlist'
  | 'new-appointment'
  | 'clients'
  | 'projects'
  | 'notifications'
  | 'messages'
  | 'users'
  | 'settings'
  | 'ops';

/** A staff account. */
export interface AdminUser {
  id: string;
  email: string;
  role: Role | (string & {});
  permissions: string[];
  is_active: boolean;
  created_by?: string | null;
  created_at: string;
  updated_at: string;
}

/** Answer of GET /api/admin/me. */
export interface Me {
  user: AdminUser;
  pages: PageKey[];
  permissions: string[];
  csrf_token: string;
}

/** Appointment statuses, in the order the console lists them. */
export const STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'not_responding_1',
  'not_responding_2',
  'unreachable',
  'updating',
] as const;

/** One of STATUSES. */
export type Status = (typeof STATUSES)[number];

/** An appointment request. */
export interface Appointment {
  id: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  time: string;
  message: string;
  company: string;
  sector?: string;
  status: string;
  status_dashboard: string;
  source: 'form' | 'chat' | 'console' | (string & {});
  language?: string;
  client_id: string;
  created_at: string;
  updated_at: string;
}

/** A staff note on an appointment. */
export interface Note {
  id: string;
  appointment_id: string;
  author_name: string;
  author_role: string;
  note: string;
  created_at: string;
}

/** One status change of an appointment. */
export interface HistoryEntry {
  id: string;
  appointment_id: string;
  previous_status: string | null;
  new_status: string;
  changed_by: string;
  notes: string | null;
  changed_at: string;
}

/** One message of a chat conversation. */
export interface TranscriptMessage {
  id?: string | number;
  sender: 'user' | 'bot' | (string & {});
  text: string;
  source?: string | null;
  created_at: string;
}

/** A page of a list. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** Appointment counts by status. */
export interface AppointmentStats {
  total: number;
  pending: number;
  confirmed: number;
  cancelled: number;
  [status: string]: number;
}

/** A client of the agency. */
export interface Client {
  id: string;
  nom: string;
  prenom: string;
  email: string | null;
  numero_1: string | null;
  numero_2: string | null;
  nom_entreprise: string | null;
  siteweb: string | null;
  created_at: string;
  updated_at?: string;
}

/** Statuses of a project. */
export const PROJECT_STATUSES = [
  'En cours',
  'Version final',
  'En attent de modification',
  'Payer et livrer',
  'Terminer',
] as const;

/** A project of the portfolio and its money. */
export interface Project {
  id: string;
  title: string;
  description: string | null;
  primary_image: string | null;
  secondary_image: string | null;
  youtube_video: string | null;
  category: string | null;
  technologies: string[];
  service: string | null;
  type: 'internal' | 'external' | (string & {});
  department: string | null;
  fournisseur: string | null;
  published: boolean;
  devis: number;
  versement: number;
  paiement: number;
  status: string;
  attachment_drive_link: string | null;
  facture_drive_link: string | null;
  created_at: string;
  updated_at?: string;
}

/** Kinds, priorities and statuses of notifications. */
export const NOTIFICATION_TYPES = ['appointment', 'system', 'info', 'warning', 'error'] as const;
export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export const NOTIFICATION_STATUSES = ['unread', 'read', 'archived'] as const;

/** A message for staff. */
export interface Notification {
  id: string;
  title: string;
  message: string;
  type: string;
  priority: string;
  status: string;
  appointment_id?: string;
  created_at: string;
  expires_at: string | null;
}

/** The settings object, persisted by the server. */
export interface Settings {
  site_name: string;
  site_description: string;
  contact_email: string;
  maintenance_mode: boolean;
  allow_registration: boolean;
  email_notifications: boolean;
  sms_notifications: boolean;
  timezone: string;
  language: string;
  items_per_page: number;
  auto_backup: boolean;
  backup_frequency: string;
  /** How many days ahead a slot may be booked (1 to 730). */
  booking_horizon_days: number;
  /** Minutes before an appointment its reminder goes out; 0 sends none. */
  reminder_lead_minutes: number;
  /** Minutes before an appointment the customer may still cancel or move it. */
  min_notice_minutes: number;
  /** Seconds a visitor waits for a person before Dota takes the conversation back (10 to 3600). */
  handoff_timeout_seconds: number;
  waitlist_hold_minutes: number;
  /** Days the transcript of a conversation that booked nothing is kept (7 to 3650; 180 by default). */
  transcript_retention_days: number;
  [other: string]: unknown;
}

/** An active service, for selectors. */
export interface ServiceOption {
  id: string;
  slug?: string;
  name: string;
  category: string;
}

/** One slot of a day (GET /api/slots). */
export interface Slot {
  time: string;
  label: string;
  free: boolean;
  past?: boolean;
}

/** A day's slots. */
export interface Day {
  date: string;
  closed: boolean;
  reason?: string;
  slots: Slot[];
}

/** A point of a time series. */
export interface Point {
  t: string | number;
  v: number;
}

/** A named time series. */
export interface Series {
  name: string;
  unit?: string;
  points: Point[];
}

/** Kinds of live events. */
export type LiveKind =
  | 'appointment.created'
  | 'appointment.updated'
  | 'appointment.deleted'
  | 'notification.created'
  | 'notification.updated'
  | 'notification.deleted'
  | 'conversation.updated'
  | 'waitlist.updated';

/** One event of GET /api/admin/events. */
export interface LiveEvent {
  kind: LiveKind | (string & {});
  appointment?: Appointment;
  notification?: Notification;
  ids?: string[];
  /**
   * The payload of other kinds: a conversation's summary for conversation.updated, the
   * slot ({date, time}) whose line changed for waitlist.updated.
   */
  data?: unknown;
}

/** Kinds of message to a customer. */
export const DELIVERY_KINDS = ['confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer'] as const;

/** States of a message in the ledger. */
export const DELIVERY_STATES = ['scheduled', 'sent', 'failed', 'skipped'] as const;

/** One message to a customer, sent or due (GET /api/admin/messages). */
export interface Delivery {
  id: string;
  appointment_id: string;
  kind: (typeof DELIVERY_KINDS)[number] | (string & {});
  language: string;
  recipient: string;
  state: (typeof DELIVERY_STATES)[number] | (string & {});
  /** Why it failed or was skipped; while scheduled, why its last attempt failed. */
  reason: string;
  attempts: number;
  subject: string;
  resent_from: string;
  due_at: string;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A page of the ledger. */
export interface DeliveryPage {
  items: Delivery[];
  total: number;
  page: number;
  size: number;
}

/** States of a conversation as the inbox shows them: with Dota, waiting for staff, with staff, closed. */
export const CONVERSATION_STATES = ['bot', 'waiting', 'staff', 'closed'] as const;

/** One of CONVERSATION_STATES. */
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/** How a finished conversation ended. */
export const CONVERSATION_OUTCOMES = ['booked', 'abandoned', 'unanswered'] as const;

/** One of CONVERSATION_OUTCOMES. */
export type ConversationOutcome = (typeof CONVERSATION_OUTCOMES)[number];

/** Why a conversation went to staff. */
export type HandoffReason = 'asked' | 'failures' | 'callback' | 'staff';

/** Who wrote a message of a conversation. */
export type ConversationSender = 'user' | 'bot' | 'staff';

/** A conversation as the inbox lists it (GET /api/admin/conversations). */
export interface ConversationSummary {
  id: string;
  state: ConversationState | (string & {});
  outcome?: ConversationOutcome | (string & {});
  language: string;
  name: string;
  email: string;
  /** The last message's text. */
  preview: string;
  last_sender: ConversationSender | (string & {});
  /** First name of the staff member holding it. */
  agent?: string;
  agent_id?: string;
  handoff_reason?: HandoffReason | (string & {});
  handoff_at?: string | null;
  messages: number;
  started_at: string;
  updated_at: string;
}

/** A page of the inbox, with the number of conversations waiting for staff. */
export interface ConversationPage extends Paged<ConversationSummary> {
  waiting: number;
}

/** What Dota collected from the visitor; date is YYYY-MM-DD, time HH:MM, any may be empty. */
export interface Collected {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  date: string;
  time: string;
}

/** One message of a conversation, as the inbox reads it. */
export interface ConversationMessage {
  sender: ConversationSender | (string & {});
  text: string;
  source: string;
  step: string;
  /** A staff member's first name. */
  author?: string;
  created_at: string;
}

/** One conversation with what staff need to take it over (GET /api/admin/conversations/{id}). */
export interface ConversationDetail extends ConversationSummary {
  collected: Collected;
  appointment_ids: string[];
  appointments: Appointment[];
  transcript: ConversationMessage[];
}

/** A message staff sent to the visitor. */
export interface StaffMessage {
  id: string;
  text: string;
  sender: 'staff';
  author: string;
  timestamp: string;
}

/** Windows of the questions Dota could not answer. */
export const QUESTION_WINDOWS = ['1h', '24h', '7d'] as const;

/** One of QUESTION_WINDOWS. */
export type QuestionWindow = (typeof QUESTION_WINDOWS)[number];

/** One question as a visitor asked it. */
export interface QuestionExample {
  text: string;
  conversation_id: string;
  at: string;
}

/** Questions worded alike, with the latest few. */
export interface QuestionGroup {
  wording: string;
  count: number;
  last_at: string;
  examples: QuestionExample[];
}

/** Answer of GET /api/admin/questions. */
export interface QuestionsReport {
  window: QuestionWindow | (string & {});
  groups: QuestionGroup[];
}
