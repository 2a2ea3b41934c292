import { create } from 'zustand';
import { ApiError } from '../../lib/api';
import { getSession, openStream, resumeSession, sendMessage, startSession, type ChatMessage, type ChatReply, type Collected, type Handoff, type Push, type QuickReply } from './api/chat';
import { forgetResumeToken, OPEN_KEY, panelWasOpen, resumeToken, SESSION_KEY, storage } from './persistence';

/** Kind of failure shown in the panel. */
export type ChatProblem = 'error' | 'unavailable' | 'rate_limited' | null;

/** What a conversation has collected before its first reply: every field empty. */
const NOTHING_COLLECTED: Collected = { name: '', email: '', phone: '', company: '', service: '', date: '', time: '' };

/** State of the chat widget. */
export interface ChatState {
  open: boolean;
  minimized: boolean;
  sessionId: string | null;
  messages: ChatMessage[];
  quickReplies: QuickReply[];
  collected: Collected;
  /** The flow the conversation is in (booking, move, cancel), '' outside any: the server's word. */
  flow: string;
  appointmentId: string | null;
  /** Staff waited for or holding the conversation; null while Dota answers. */
  handoff: Handoff | null;
  /**
   * The server keeps the conversation: the visitor has written in it. Only then can
   * anything come on its stream (the server refuses the stream of a conversation only
   * opened), so only then does the widget listen.
   */
  stored: boolean;
  pending: boolean;
  loaded: boolean;
  problem: ChatProblem;
  /** The link followed (an e-mailed staff answer) names a conversation that has ended. */
  linkEnded: boolean;
  setOpen: (open: boolean) => void;
  /**
   * Opens the panel again if it was open before a reload (after the page is hydrated), or
   * on the conversation the page's address links to (an e-mailed staff answer).
   */
  restoreOpen: () => void;
  setMinimized: (minimized: boolean) => void;
  /** Loads the stored conversation, or starts one with the greeting. */
  ensureSession: (lang: string) => Promise<void>;
  /** Sends a message; resolves false when it failed (the caller keeps the text). */
  send: (text: string, lang: string) => Promise<boolean>;
  /** Listens to the conversation's event stream; returns the function that stops it. */
  listen: () => () => void;
  /** Adds a message pushed on the stream. */
  receive: (p: Push) => void;
}

function problemOf(err: unknown): ChatProblem {
  if (err instanceof ApiError && err.code === 'unavailable') return 'unavailable';
  if (err instanceof ApiError && err.code === 'rate_limited') return 'rate_limited';
  return 'error';
}

/**
 * Merges the server's messages into the list by id (an answer or a pushed message may
 * repeat earlier ones), in the conversation's order: the server numbers every message,
 * the visitor's included (the reply to a message gives it back numbered), and the list is
 * in the order of those numbers. Only a message on its way has no number yet; it stays
 * last until its reply numbers it.
 */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const seen = new Set(current.map((m) => m.id));
  const all = [...current, ...incoming.filter((m) => !seen.has(m.id))];
  const rank = (m: ChatMessage) => (/^\d+$/.test(m.id) ? Number(m.id) : Number.MAX_SAFE_INTEGER);
  return all.map((m, i) => ({ m, i })).sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i).map(({ m }) => m);
}

/** The hand-off as the widget keeps it: none once staff handed back. */
function handoffOf(h: Handoff | null | undefined): Handoff | null {
  return h && h.state !== 'ended' ? h : null;
}

/** The number of the conversation's last message the widget has. */
export function lastNumber(messages: ChatMessage[]): number {
  return messages.reduce((n, m) => (/^\d+$/.test(m.id) ? Math.max(n, Number(m.id)) : n), 0);
}

let loading: Promise<void> | null = null;

/** Store of the conversation with Dota. */
export const useChat = create<ChatState>()((set, get) => {
  const apply = (reply: ChatReply) => {
    if (reply.session_id && reply.session_id !== get().sessionId) {
      storage('local')?.setItem(SESSION_KEY, reply.session_id);
      set({ sessionId: reply.session_id });
    }
    set({
      flow: reply.flow ?? '',
      quickReplies: reply.quick_replies ?? [],
      collected: reply.collected ?? get().collected,
      appointmentId: reply.appointment_id ?? get().appointmentId,
      handoff: handoffOf(reply.handoff),
    });
  };

  const start = async (lang: string) => {
    const session = await startSession(lang);
    storage('local')?.setItem(SESSION_KEY, session.session_id);
    set({ sessionId: session.session_id, messages: session.messages, appointmentId: null, collected: NOTHING_COLLECTED, stored: false });
    apply(session);
  };

  return {
    // Closed at first, as in the prerendered page; restoreOpen reopens it.
    open: false,
    minimized: false,
    // Read from storage when the conversation is first needed (ensureSession), not at start.
    sessionId: null,
    messages: [],
    quickReplies: [],
    collected: NOTHING_COLLECTED,
    flow: '',
    appointmentId: null,
    handoff: null,
    stored: false,
    pending: false,
    loaded: false,
    problem: null,
    linkEnded: false,

    setOpen: (open) => {
      if (open) storage('session')?.setItem(OPEN_KEY, '1');
      else storage('session')?.removeItem(OPEN_KEY);
      set({ open, minimized: false });
    },
    restoreOpen: () => {
      const token = resumeToken();
      if (!token) {
        if (panelWasOpen()) set({ open: true });
        return;
      }
      forgetResumeToken();
      storage('session')?.setItem(OPEN_KEY, '1');
      set({ open: true, minimized: false });
      // The linked conversation replaces whichever this browser had, and the panel goes on
      // live in it; an ended one leaves a fresh conversation, with a word why.
      loading = (async () => {
        set({ pending: true, problem: null });
        try {
          const r = await resumeSession(token);
          storage('local')?.setItem(SESSION_KEY, r.session_id);
          set({
            sessionId: r.session_id,
            messages: r.messages,
            flow: r.flow ?? '',
            collected: r.collected ?? {},
            quickReplies: r.quick_replies ?? [],
            handoff: handoffOf(r.handoff),
            appointmentId: null,
            stored: true,
            loaded: true,
          });
        } catch (err) {
          if (!(err instanceof ApiError && (err.status === 410 || err.status === 404))) {
            set({ problem: problemOf(err) });
            return;
          }
          storage('local')?.removeItem(SESSION_KEY);
          set({ sessionId: null, loaded: false, linkEnded: true });
        } finally {
          set({ pending: false });
          loading = null;
        }
      })();
    },
    setMinimized: (minimized) => set({ minimized }),

    ensureSession: (lang) => {
      if (get().loaded) return Promise.resolve();
      // A conversation being reopened from a link is read first; if it has ended, a fresh
      // one starts then.
      if (loading) return loading.then(() => (get().loaded ? undefined : get().ensureSession(lang)));
      loading = (async () => {
        set({ pending: true, problem: null });
        try {
          const id = get().sessionId ?? storage('local')?.getItem(SESSION_KEY) ?? null;
          if (id) {
            try {
              const stored = await getSession(id);
              set({
                sessionId: id,
                messages: stored.messages,
                flow: stored.flow ?? '',
                collected: stored.collected ?? NOTHING_COLLECTED,
                quickReplies: stored.quick_replies ?? [],
                handoff: handoffOf(stored.handoff),
                stored: true,
              });
            } catch (err) {
              if (!(err instanceof ApiError && err.status === 404)) throw err;
              await start(lang); // expired or unknown: a fresh conversation
            }
          } else {
            await start(lang);
          }
          set({ loaded: true });
        } catch (err) {
          set({ problem: problemOf(err) });
        } finally {
          set({ pending: false });
          loading = null;
        }
      })();
      return loading;
    },

    send: async (text, lang) => {
      const trimmed = text.trim();
      if (!trimmed || get().pending) return false;
      const local: ChatMessage = { id: `local-${Date.now()}`, text: trimmed, sender: 'user', timestamp: new Date().toISOString() };
      set((s) => ({ messages: [...s.messages, local], pending: true, problem: null, quickReplies: [] }));
      try {
        if (!get().loaded) {
          await get().ensureSession(lang);
          if (!get().loaded) throw new Error('no session');
        }
        const reply = await sendMessage(get().sessionId!, trimmed, lang);
        set((s) => {
          // The visitor's message takes its number in the conversation, which places it;
          // an expired conversation was replaced: show the new one instead.
          const kept = reply.new_session ? [] : s.messages.filter((m) => m.id !== local.id);
          const sent = reply.user_message ?? local;
          return {
            messages: mergeMessages(kept, [sent, ...reply.messages]),
            stored: true,
            ...(reply.new_session ? { collected: NOTHING_COLLECTED, appointmentId: null } : {}),
          };
        });
        apply(reply);
        return true;
      } catch (err) {
        set((s) => ({ messages: s.messages.filter((m) => m.id !== local.id), problem: problemOf(err) }));
        return false;
      } finally {
        set({ pending: false });
      }
    },

    listen: () => {
      const id = get().sessionId;
      if (!id || !get().loaded || !get().stored) return () => {};
      return openStream(id, lastNumber(get().messages), get().receive);
    },

    receive: (p) => {
      set((s) => ({
        messages: mergeMessages(s.messages, [p.message]),
        handoff: handoffOf(p.handoff),
        // The event's own answers (a waitlist offer's Accept / Decline) replace the earlier
        // ones; else staff taking over or handing back makes the earlier ones stale.
        quickReplies: Array.isArray(p.quick_replies)
          ? p.quick_replies
          : p.message.sender === 'staff' || p.handoff
            ? []
            : s.quickReplies,
      }));
    },
  };
});
