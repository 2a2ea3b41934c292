import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { conversationQueries } from '../conversations/api/conversations';
import { keys } from '../api/keys';
import type { ConversationSummary } from '../api/types';
import { useLiveEvents, useLiveRefresh } from './useLive';

/** How often the count is read again, live stream or not. */
const REFRESH_MS = 30_000;

/**
 * The number of conversations waiting for staff, shared by the menu badge, the bell and
 * the inbox; 0 for a user without the conversations page. A failed read keeps the last
 * known count.
 */
export function useWaitingCount(enabled = true): number {
  const { data } = useQuery({ ...conversationQueries.waiting(), enabled, staleTime: REFRESH_MS });
  return enabled ? (data ?? 0) : 0;
}

/** Conversations already announced as waiting, so the visitor's next messages do not announce them again. */
const announced = new Set<string>();

/**
 * Keeps the waiting count current for the whole console, mounted once by the shell: read at
 * load, after each conversation.updated event and every 30 s. A conversation that starts
 * waiting is announced with a toast that opens it.
 */
export function useWaitingSync(enabled: boolean): void {
  const { t } = useTranslation('console');
  const client = useQueryClient();
  useQuery({ ...conversationQueries.waiting(), enabled, staleTime: REFRESH_MS, refetchInterval: REFRESH_MS });
  useLiveRefresh(['conversation.updated'], () => {
    if (enabled) void client.invalidateQueries({ queryKey: keys.waiting });
  });

  useEffect(() => {
    if (enabled) return;
    client.removeQueries({ queryKey: keys.waiting });
    announced.clear();
  }, [enabled, client]);

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
      key: `waiting\u0000${summary.id}`,
    });
  });
}
