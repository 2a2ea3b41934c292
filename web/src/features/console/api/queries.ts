// The console's reads as TanStack queries, keyed per resource. Every key starts with
// 'admin', so that a change of language asks every console screen again (the server's
// texts are in it); a change invalidates the keys of what it touched.
import { queryOptions } from '@tanstack/react-query';
import { keys } from './keys';
import { appointmentStats, calendarMonth, getAppointment, getTranscript, listAppointments, type AppointmentFilters } from './appointments';
import { daySlots, listServices } from './catalogue';
import { listClients } from './clients';
import { getConversation, listConversations, listQuestions, waitingCount, type ConversationFilters } from './conversations';
import { fetchDashboard } from './dashboard';
import { listMessages, type DeliveryFilters } from './messages';
import { listNotifications, recentNotifications, unreadCount, type NotificationFilters } from './notifications';
import { fetchOps, type OpsWindow } from './ops';
import { listProjects } from './projects';
import { getSettings } from './settings';
import type { QuestionWindow } from './types';
import { listUsers } from './users';
import { listWaitlist } from './waitlist';

export { keys };

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
  detail: (id: string) => queryOptions({ queryKey: [...keys.appointment(id), 'detail'], queryFn: ({ signal }) => getAppointment(id, signal) }),
  transcript: (id: string) =>
    queryOptions({ queryKey: [...keys.appointment(id), 'transcript'], queryFn: ({ signal }) => getTranscript(id, signal) }),
};

/** Messages to customers: the ledger's page (one appointment's with filters.appointment). */
export const messageQueries = {
  list: (filters: DeliveryFilters, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.messages, filters, page, size],
      queryFn: ({ signal }) => listMessages(filters, signal, page, size),
    }),
};

/** The public catalogue as the console's forms need it. */
export const catalogueQueries = {
  services: () => queryOptions({ queryKey: ['admin', 'services'], queryFn: ({ signal }) => listServices(signal) }),
  day: (date: string) => queryOptions({ queryKey: [...keys.slots, date], queryFn: ({ signal }) => daySlots(date, signal) }),
};

/** Clients: a page of the list (searched by q). */
export const clientQueries = {
  list: (q: string, page: number, size: number) =>
    queryOptions({ queryKey: [...keys.clients, q, page, size], queryFn: ({ signal }) => listClients(q, signal, page, size) }),
};

/** Conversations: a page of the inbox, one conversation, the questions Dota could not answer, how many wait. */
export const conversationQueries = {
  list: (filters: ConversationFilters, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.conversationList, filters, page, size],
      queryFn: ({ signal }) => listConversations(filters, page, size, signal),
    }),
  detail: (id: string) => queryOptions({ queryKey: keys.conversation(id), queryFn: ({ signal }) => getConversation(id, signal) }),
  questions: (window: QuestionWindow) =>
    queryOptions({ queryKey: [...keys.conversations, 'questions', window], queryFn: ({ signal }) => listQuestions(window, signal) }),
  waiting: () => queryOptions({ queryKey: keys.waiting, queryFn: ({ signal }) => waitingCount(signal) }),
};

/** The dashboard's cards and charts. */
export const dashboardQueries = {
  summary: () => queryOptions({ queryKey: keys.dashboard, queryFn: ({ signal }) => fetchDashboard(signal) }),
};

/** Notifications: a page of the list, and the bell's count and latest five. */
export const notificationQueries = {
  list: (filters: NotificationFilters, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.notificationList, filters, page, size],
      queryFn: ({ signal }) => listNotifications(filters, signal, page, size),
    }),
  unread: () => queryOptions({ queryKey: [...keys.bell, 'unread'], queryFn: ({ signal }) => unreadCount(signal) }),
  recent: () => queryOptions({ queryKey: [...keys.bell, 'recent'], queryFn: ({ signal }) => recentNotifications(signal) }),
};

/** The chat engine's and the AI's series over a window. */
export const opsQueries = {
  series: (window: OpsWindow) => queryOptions({ queryKey: ['admin', 'ops', window], queryFn: ({ signal }) => fetchOps(window, signal) }),
};

/** Projects: a page of the list (searched by q, filtered by status). */
export const projectQueries = {
  list: (q: string, status: string, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.projects, q, status, page, size],
      queryFn: ({ signal }) => listProjects(q, status, signal, page, size),
    }),
};

/** The settings, as stored. */
export const settingsQueries = {
  stored: () => queryOptions({ queryKey: keys.settings, queryFn: ({ signal }) => getSettings(signal) }),
};

/** Staff accounts with the screen's counts. */
export const userQueries = {
  list: () => queryOptions({ queryKey: keys.users, queryFn: ({ signal }) => listUsers(signal) }),
};

/** The waitlist's slots (one date, or every slot from today on). */
export const waitlistQueries = {
  slots: (date: string) => queryOptions({ queryKey: [...keys.waitlist, date], queryFn: ({ signal }) => listWaitlist(date, signal) }),
};
