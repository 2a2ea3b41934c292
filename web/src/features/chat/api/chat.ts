import { api } from '../../../lib/api';
import type { Schemas } from '../../../lib/schemas';

/** One message of a conversation. */
export type ChatMessage = Schemas['ChatMessage'];

/** Staff involved in the conversation: waited for, holding it, or just handed it back. */
export type Handoff = Schemas['Handoff'];

/**
 * A message pushed on the conversation's event stream, with the hand-off as it stands and,
 * when the message asks for an answer (a waitlist offer: Accept / Decline), its quick replies.
 */
export type Push = Schemas['ChatPush'];

/**
 * A one-tap answer the server offers (a service, a slot, yes or no). A `message` sends
 * `value` as the visitor's message; a `link` opens `value`, a
 * path of the site, and sends nothing.
 */
export type QuickReply = Schemas['QuickReply'];

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
  /** Dota's new messages (the whole conversation when read back). */
  messages: ChatMessage[];
  /** In the reply to a message: the visitor's message as the conversation numbered it. */
  user_message?: ChatMessage;
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
  /** Set while staff are involved; "ended" in the reply that gives the conversation back to Dota. */
  handoff?: Handoff;
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
  handoff?: Handoff;
}

/** Starts a conversation in a language. */
export function startSession(lang: string): Promise<NewSession> {
  return api.post<NewSession>('/api/chat/sessions', { lang });
}

/** Sends one message and returns it numbered, with the bot's answer. */
export function sendMessage(sessionId: string, text: string, lang: string): Promise<ChatReply> {
  return api.post<ChatReply>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, { text, lang });
}

/** Reads a conversation back (after a reload). */
export function getSession(sessionId: string): Promise<StoredSession> {
  return api.get<StoredSession>(`/api/chat/sessions/${encodeURIComponent(sessionId)}`);
}

/** Reopens the conversation an e-mailed staff answer links to (404 altered, 410 ended). */
export function resumeSession(token: string): Promise<StoredSession & { session_id: string }> {
  return api.get<StoredSession & { session_id: string }>(`/api/chat/resume/${encodeURIComponent(token)}`);
}

/**
 * Opens the conversation's event stream: staff answers during a hand-off and Dota taking
 * the conversation back. Event ids are message numbers: the stream starts after `after`,
 * and the browser's EventSource reconnects on its own with the last id it received, so
 * nothing is lost or repeated. Returns the function that closes it.
 */
export function openStream(sessionId: string, after: number, onPush: (p: Push) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/chat/sessions/${encodeURIComponent(sessionId)}/stream?after=${after}`);
  source.addEventListener('message', (e) => {
    try {
      onPush(JSON.parse((e as MessageEvent<string>).data) as Push);
    } catch {
      // a malformed event is skipped; the next reconnection catches up
    }
  });
  return () => source.close();
}
