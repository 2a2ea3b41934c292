import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/schemas';
import { keys } from '../../api/keys';

/**
 * Everything the dashboard shows: its cards, appointments created per day by source (the
 * last 30 days), by status and by service, and the chat's funnel.
 */
export type Dashboard = Schemas['Dashboard'];

/** Stat cards and chart series of the dashboard. */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/api/admin/dashboard', { signal });
}

/** The dashboard's cards and charts. */
export const dashboardQueries = {
  summary: () => queryOptions({ queryKey: keys.dashboard, queryFn: ({ signal }) => fetchDashboard(signal) }),
};
