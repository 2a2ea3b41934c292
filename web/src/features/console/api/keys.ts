// The console's query keys. Every key starts with 'admin', so that a change of language asks
// every console screen again (the server's texts are in it); a write invalidates the keys
// of what it touched, and a prefix invalidates every key under it.

/** Query keys of the console's resources. */
export const keys = {
  all: ['admin'] as const,
  /** The ledger of alerts to staff (admins). */
  alerts: ['admin', 'alerts'] as const,
  /** The signed-in user's alert choices and push subscriptions. */
  myAlerts: ['admin', 'me', 'alerts'] as const,
  /** A consultant's calendars: the feed out and the calendar read in. */
  consultantCalendar: (id: string) => ['admin', 'consultants', id, 'calendar'] as const,
  appointments: ['admin', 'appointments'] as const,
  appointment: (id: string) => ['admin', 'appointment', id] as const,
  clients: ['admin', 'clients'] as const,
  /** The staff who meet prospects, with their services, hours and days off. */
  consultants: ['admin', 'consultants'] as const,
  conversations: ['admin', 'conversations'] as const,
  conversationList: ['admin', 'conversations', 'list'] as const,
  conversation: (id: string) => ['admin', 'conversation', id] as const,
  waiting: ['admin', 'conversations', 'waiting'] as const,
  cannedReplies: ['admin', 'canned-replies'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  messages: ['admin', 'messages'] as const,
  notifications: ['admin', 'notifications'] as const,
  notificationList: ['admin', 'notifications', 'list'] as const,
  bell: ['admin', 'notifications', 'bell'] as const,
  projects: ['admin', 'projects'] as const,
  users: ['admin', 'users'] as const,
  settings: ['admin', 'settings'] as const,
  backups: ['admin', 'backups'] as const,
  slots: ['admin', 'slots'] as const,
  waitlist: ['admin', 'waitlist'] as const,
};
