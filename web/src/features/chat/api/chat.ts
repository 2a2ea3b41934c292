import { api } from '../../../lib/api';
import { currentAttribution } from '../../../lib/attribution';
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

/** What the visitor has given so far, for the summary card; any may be empty. */
export type Collected = Schemas['Collected'];

/**
 * The state of a conversation after each exchange, and as it is read back after a reload
 * (then with the whole conversation); a new conversation's carries its greeting.
 */
export type ChatReply = Schemas['ChatReply'];

/** Starts a conversation in a language, with where the visit came from. */
export function startSession(lang: string): Promise<ChatReply> {
  return api.post<ChatReply>('/api/chat/sessions', { lang, attribution: currentAttribution() });
}

/** Sends one message and returns it numbered, with the bot's answer. */
export function sendMessage(sessionId: string, text: string, lang: string): Promise<ChatReply> {
  return api.post<ChatReply>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, { text, lang });
}

/** Reads a conversation back (after a reload). */
export function getSession(sessionId: string): Promise<ChatReply> {
  return api.get<ChatReply>(`/api/chat/sessions/${encodeURIComponent(sessionId)}`);
}

/** Reopens the conversation an e-mailed staff answer links to (404 altered, 410 ended). */
export function resumeSession(token: string): Promise<ChatReply> {
  return api.get<ChatReply>(`/api/chat/resume/${encodeURIComponent(token)}`);
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
