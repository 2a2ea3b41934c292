// Canned replies: administrators write them on their page, staff who answer conversations
// insert them from the reply box. Both read the same list, so it lives with the console's
// shared api.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Schemas } from '../../../lib/schemas';
import { keys } from './keys';

/** A canned reply: a title staff search by, and its text per language. */
export type CannedReply = Schemas['CannedReply'];

/** A variable a canned reply's text may hold, written in braces. */
export type CannedVariable = Schemas['CannedVariable'];

/** A canned reply filled for one conversation. */
export type FilledReply = Schemas['FilledReply'];

/** What an administrator writes: the title and the texts (an empty text drops a language). */
export interface CannedReplyInput {
  title: string;
  texts: Schemas['CannedTexts'];
}

/** Longest title and text, in characters (the server refuses longer ones). */
export const CANNED_TITLE_MAX = 80;
export const CANNED_TEXT_MAX = 1000;

/** The variables, in the order the server documents them. */
export const CANNED_VARIABLES: readonly CannedVariable[] = ['first_name', 'date', 'service', 'manage_link'];

/** Every canned reply, by title. */
export async function listCannedReplies(signal?: AbortSignal): Promise<CannedReply[]> {
  const body = await api.get<{ items?: CannedReply[] }>('/api/admin/canned-replies', { signal });
  return Array.isArray(body.items) ? body.items : [];
}

/**
 * The reply filled for the conversation, in its language; a manage link it holds is made
 * now, which is why this is asked only when staff insert the reply.
 */
export function fillCannedReply(conversationId: string, replyId: string): Promise<FilledReply> {
  return api.post<FilledReply>(
    `/api/admin/conversations/${encodeURIComponent(conversationId)}/canned-replies/${encodeURIComponent(replyId)}`,
  );
}

/** Writes a new canned reply, or changes one (with its id); the list is asked again. */
export function useSaveCannedReplyMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CannedReplyInput }) =>
      id
        ? api.patch<CannedReply>(`/api/admin/canned-replies/${encodeURIComponent(id)}`, input)
        : api.post<CannedReply>('/api/admin/canned-replies', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.cannedReplies }),
  });
}

/** Deletes a canned reply; the list is asked again. */
export function useDeleteCannedReplyMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/canned-replies/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.cannedReplies }),
  });
}

/** Fills a canned reply for the conversation, when staff insert it; a refusal (a reply deleted meanwhile) asks the list again. */
export function useFillCannedReplyMutation(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) => fillCannedReply(conversationId, replyId),
    onError: () => void client.invalidateQueries({ queryKey: keys.cannedReplies }),
  });
}

/** Canned replies: the whole list (it is short, and comes whole). */
export const cannedReplyQueries = {
  list: () => queryOptions({ queryKey: keys.cannedReplies, queryFn: ({ signal }) => listCannedReplies(signal) }),
};
