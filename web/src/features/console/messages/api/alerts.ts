import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { AlertPage } from '../../api/types';

/** Filters of the alerts' ledger. */
export interface AlertFilters {
  state?: string;
  event?: string;
}

/** The ledger of alerts to staff, newest first (admins). */
export function listAlerts(filters: AlertFilters, signal?: AbortSignal, page = 1, size = 20): Promise<AlertPage> {
  return api.get<AlertPage>('/api/admin/alerts', { query: { ...filters, page, size }, signal });
}

/** Alerts to staff: the ledger's page. */
export const alertQueries = {
  list: (filters: AlertFilters, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.alerts, filters, page, size],
      queryFn: ({ signal }) => listAlerts(filters, signal, page, size),
    }),
};
