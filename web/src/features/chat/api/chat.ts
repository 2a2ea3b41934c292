import { api } from '../../../lib/api';

/** One message of a conversation. */
export interface ChatMessage {
  id: string;
  text: string;
  sender: 'user' | 'bot';
  timestamp: string;
}

/**
 * A one-tap answer the server offers (a service, a slot, yes or no). A `message` (the
 * default when absent) sends `value` as the visitor's message; a `link` opens `value`, a
 * path of the site, and sends nothing.
 */
export interface QuickReply {
  label: string;
  value: string;
  kind?: 'message' | 'link';
}

/** Whether a quick reply opens a page of the site rather than sending a message. */
export function isLinkReply(q: QuickReply): boolean {
  return q.kind === 'link' && q.value.startsWith('/') && !q.value.startsWith('//');
}

/** What the visitor has given so far, for the summary card. */
export interface Collected {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  service?: string;
  date?: string;
  time?: string;
}

/** The state of a conversation after each exchange. */
export interface ChatReply {
  messages: ChatMessage[];
  step: string;
  /** The flow the step belongs to: booking, move, cancel, or '' outside any (the server names its steps). */
  flow?: string;
  quick_replies?: QuickReply[];
  collected?: Collected;
  appointment_id?: string;
  /** The conversation's id; a different one when the server had to start a new conversation. */
  session_id?: string;
  /** True when the id sent was unknown or expired and a new conversation began. */
  new_session?: boolean;
}

/** A new conversation with the greeting. */
export interface NewSession extends ChatReply {
  session_id: string;
}

/** A stored conversation. */
export interface StoredSession {
  step: string;
  flow?: string;
  lang: string;
  messages: ChatMessage[];
  collected?: Collected;
  quick_replies?: QuickReply[];
}

/** Starts a conversation in a language. */
export function startSession(lang: string): Promise<NewSession> {
  return api.post<NewSession>('/api/chat/sessions', { lang });
}

/** Sends one message and returns the bot's answer. */
export function sendMessage(sessionId: string, text: string, lang: string): Promise<ChatReply> {
  return api.post<ChatReply>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, { text, lang });
}

/** Reads a conversation back (after a reload). */
export function getSession(sessionId: string): Promise<StoredSession> {
  return api.get<StoredSession>(`/api/chat/sessions/${encodeURIComponent(sessionId)}`);
}
