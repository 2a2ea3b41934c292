import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { waitingCount } from '../api/conversations';
import type { ConversationSummary } from '../api/types';
import { useLiveEvents, useLiveRefresh } from './useLive';
import { toast } from './useToasts';

/** How often the count is read again, live stream or not. */
const REFRESH_MS = 30_000;

interface WaitingState {
  /** Conversations waiting for a person, as the server last counted them. */
  count: number;
  /** Sets the count from an answer that carries it (the inbox's list does). */
  set: (count: number) => void;
  /** Asks the server; a failure keeps the last known count. */
  refresh: () => Promise<void>;
  /** Forgets the count (signed out, or no access to conversations). */
  reset: () => void;
}

// Answers may arrive out of order: only the latest request's answer is kept.
let asked = 0;

/** The number of conversations waiting for staff, shared by the menu badge and the bell. */
export const useWaiting = create<WaitingState>()((set) => ({
  count: 0,
  set: (count) => set({ count: Math.max(0, count) }),
  async refresh() {
    const own = ++asked;
    try {
      const count = await waitingCount();
      if (own === asked) set({ count: Math.max(0, count) });
    } catch {
      // the badge keeps its last known count; the next event or tick tries again
    }
  },
  reset: () => {
    asked++;
    set({ count: 0 });
  },
}));

/** Conversations already announced as waiting, so the visitor's next messages do not announce them again. */
const announced = new Set<string>();

/**
 * Keeps the waiting count current for the whole console, mounted once by the shell: read at
 * load, after each conversation.updated event and every 30 s. A conversation that starts
 * waiting is announced with a toast that opens it.
 */
export function useWaitingSync(enabled: boolean): void {
  const { t } = useTranslation('console');
  const refresh = useWaiting((s) => s.refresh);
  const reset = useWaiting((s) => s.reset);

  useEffect(() => {
    if (!enabled) {
      reset();
      announced.clear();
      return;
    }
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled, refresh, reset]);

  useLiveRefresh(['conversation.updated'], () => {
    if (enabled) void refresh();
  });

  useLiveEvents(['conversation.updated'], (event) => {
    const summary = event.data as ConversationSummary | undefined;
    if (!enabled || !summary?.id) return;
    if (summary.state !== 'waiting') {
      announced.delete(summary.id);
      return;
    }
    if (announced.has(summary.id)) return;
    announced.add(summary.id);
    const key = summary.handoff_reason === 'callback' ? 'conversations.callbackToast' : 'conversations.waitingToast';
    toast.info(t(key, { name: summary.name || t('conversations.visitor') }), {
      description: summary.preview || undefined,
      duration: 8000,
      action: { label: t('conversations.open'), href: `/admin/conversations?open=${encodeURIComponent(summary.id)}` },
    });
  });
}
