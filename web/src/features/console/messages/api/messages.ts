import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Filters } from '../../../../lib/schemas';
import type { Delivery, DeliveryPage } from '../../api/types';

/** Filters of the ledger; appointment narrows it to one appointment's messages. */
export type DeliveryFilters = Filters<'/api/admin/messages', 'status' | 'kind' | 'appointment'>;

/** The ledger of messages to customers, newest first. */
export function listMessages(filters: DeliveryFilters, signal?: AbortSignal, page = 1, size = 20): Promise<DeliveryPage> {
  return api.get<DeliveryPage>('/api/admin/messages', { query: { ...filters, page, size }, signal });
}

/** Sends a message again: a new delivery about the appointment as it is now. */
export function resendMessage(id: string): Promise<Delivery> {
  return api.post<Delivery>(`/api/admin/messages/${encodeURIComponent(id)}/resend`, {});
}

/** Sends a message again; the ledgers (the whole one and each appointment's) are asked again. */
export function useResendMessageMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resendMessage, onSuccess: () => void client.invalidateQueries({ queryKey: keys.messages }) });
}

/** Messages to customers: the ledger's page (one appointment's with filters.appointment). */
export const messageQueries = {
  list: (filters: DeliveryFilters, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.messages, filters, page, size],
      queryFn: ({ signal }) => listMessages(filters, signal, page, size),
    }),
};
