import { MEETING_MODES, type Collected, type ConversationSummary, type ServiceOption } from '../api/types';

/** Fields of the new-appointment form a conversation can fill in. */
export const PREFILL_FIELDS = ['name', 'email', 'phone', 'company', 'service', 'mode', 'date', 'time'] as const;

/** One of PREFILL_FIELDS. */
export type PrefillField = (typeof PREFILL_FIELDS)[number];

/** What /admin/new-appointment's query asks for: the conversation to link and the fields to fill. */
export interface Prefill {
  /** The conversation the booking is for, or ''. */
  conversation: string;
  fields: Partial<Record<PrefillField, string>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The new-appointment page's address, filled in with what Dota collected from the visitor. */
export function bookingHref(conversationId: string, collected: Partial<Collected>): string {
  const params = new URLSearchParams({ conversation: conversationId });
  for (const key of PREFILL_FIELDS) {
    const value = (collected[key] ?? '').trim();
    if (value) params.set(key, value);
  }
  return `/admin/new-appointment?${params}`;
}

/**
 * Reads the new-appointment page's query. A conversation id that is not one, a date that
 * is not YYYY-MM-DD or is before `today`, a time that is not HH:MM and a mode that is not one are
 * left out.
 */
export function readPrefill(params: URLSearchParams, today: string): Prefill {
  const conversation = (params.get('conversation') ?? '').trim();
  const fields: Prefill['fields'] = {};
  for (const key of PREFILL_FIELDS) {
    const value = (params.get(key) ?? '').trim();
    if (!value) continue;
    if (key === 'date' && (!DAY.test(value) || value < today)) continue;
    if (key === 'time' && !TIME.test(value)) continue;
    if (key === 'mode' && !MEETING_MODES.some((m) => m === value)) continue;
    fields[key] = value;
  }
  if (!fields.date) delete fields.time;
  return { conversation: UUID.test(conversation) ? conversation : '', fields };
}

/** The name of the service whose name or slug is `value` (case-insensitive), or '' when none is. */
export function matchService(value: string, services: readonly ServiceOption[]): string {
  const wanted = value.trim().toLocaleLowerCase();
  if (!wanted) return '';
  const found = services.find((s) => s.name.toLocaleLowerCase() === wanted || (s.slug ?? '').toLocaleLowerCase() === wanted);
  return found?.name ?? '';
}

/** The signed-in staff member, as far as a conversation's buttons care. */
export interface Viewer {
  id: string;
  role: string;
  /** They may take over a colleague's conversation (`conversations.take_over`). */
  canTakeOver?: boolean;
}

/** What the signed-in staff member may do with a conversation. */
export interface ConversationActions {
  /** They hold it: they answer the visitor. */
  heldByMe: boolean;
  /** Someone else holds it (their first name is the summary's agent). */
  heldByOther: boolean;
  claim: boolean;
  /** Take it from the colleague holding it, after a confirmation. */
  takeOver: boolean;
  reply: boolean;
  release: boolean;
}

/**
 * The buttons of a conversation: take it unless someone holds it; take it over from a
 * colleague when they may; answer and hand back when it is theirs; administrators hand
 * back whoever holds it; a call back waiting for staff is handed back once the visitor
 * was called.
 */
export function conversationActions(c: Pick<ConversationSummary, 'state' | 'agent_id' | 'handoff_reason'>, viewer: Viewer | null): ConversationActions {
  const held = c.state === 'staff' && !!c.agent_id;
  const heldByMe = held && !!viewer && c.agent_id === viewer.id;
  const heldByOther = held && !heldByMe;
  const callback = c.state === 'waiting' && c.handoff_reason === 'callback';
  return {
    heldByMe,
    heldByOther,
    claim: !held,
    takeOver: heldByOther && !!viewer?.canTakeOver,
    reply: heldByMe,
    release: heldByMe || (heldByOther && viewer?.role === 'admin') || callback,
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Who wrote a message, as staff read it: the visitor, Dota, or a staff member by first name. */
export function senderName(t: Translate, sender: string, author?: string): string {
  if (sender === 'staff') return author ? t('conversations.sender.staffNamed', { name: author }) : t('conversations.sender.staff');
  return t(`conversations.sender.${sender}`, { defaultValue: sender });
}
