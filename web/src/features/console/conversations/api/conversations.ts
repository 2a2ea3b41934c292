import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { Filters } from '../../../../lib/schemas';
import { keys } from '../../api/keys';
import type {
  ConversationDetail,
  ConversationPage,
  QuestionsReport,
  QuestionWindow,
  StaffMessage,
} from '../../api/types';

/** Filters of the inbox, all applied by the server; empty values select all. */
export type ConversationFilters = Filters<'/api/admin/conversations', 'state' | 'outcome' | 'q'>;

/** Longest message staff may send, in characters (the server refuses longer ones). */
export const MAX_STAFF_MESSAGE = 2000;

function path(id: string, action = ''): string {
  return `/api/admin/conversations/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

/** One page of conversations, newest activity first, with the number waiting for staff. */
export function listConversations(
  filters: ConversationFilters,
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return api.get<ConversationPage>('/api/admin/conversations', { query: { ...filters, page, size }, signal });
}

/** How many conversations wait for a person. */
export async function waitingCount(signal?: AbortSignal): Promise<number> {
  return (await listConversations({ state: 'waiting' }, 1, 1, signal)).waiting;
}

/** One conversation: what Dota collected, the appointments it booked and every message. */
export function getConversation(id: string, signal?: AbortSignal): Promise<ConversationDetail> {
  return api.get<ConversationDetail>(path(id), { signal });
}

/** Takes the conversation: it is the signed-in staff member's until they hand it back (409 if another holds it). */
export function claimConversation(id: string): Promise<ConversationDetail> {
  return api.post<ConversationDetail>(path(id, 'claim'));
}

/** Takes the conversation from the colleague holding it (their console hears of it live). */
export function takeOverConversation(id: string): Promise<ConversationDetail> {
  return api.post<ConversationDetail>(path(id, 'takeover'));
}

/** Sends the visitor a message (the text is trimmed); only the staff member holding the conversation may. */
export function sendStaffMessage(id: string, text: string): Promise<StaffMessage> {
  return api.post<StaffMessage>(path(id, 'messages'), { text: text.trim() });
}

/** Hands the conversation back to Dota. */
export function releaseConversation(id: string): Promise<ConversationDetail> {
  return api.post<ConversationDetail>(path(id, 'release'));
}

/** The questions Dota could not answer in the window, grouped by similar wording, largest group first. */
export function listQuestions(window: QuestionWindow, signal?: AbortSignal): Promise<QuestionsReport> {
  return api.get<QuestionsReport>('/api/admin/questions', { query: { window }, signal });
}

/** What staff do to a conversation from its buttons. */
export type ConversationAction = 'claim' | 'takeover' | 'release';

const ACTIONS: Record<ConversationAction, (id: string) => Promise<ConversationDetail>> = {
  claim: claimConversation,
  takeover: takeOverConversation,
  release: releaseConversation,
};

/** Claims, takes over or releases a conversation: the answer is the conversation as it now is, and the inbox is asked again. */
export function useConversationActionMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ConversationAction) => ACTIONS[action](id),
    onSuccess: (detail) => {
      client.setQueryData(keys.conversation(id), detail);
      void client.invalidateQueries({ queryKey: keys.conversationList });
    },
  });
}

/** Sends the visitor a message; the conversation and the inbox are asked again. */
export function useSendStaffMessageMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendStaffMessage(id, text),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.conversation(id) });
      void client.invalidateQueries({ queryKey: keys.conversationList });
    },
  });
}

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
