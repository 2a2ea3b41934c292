import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/schemas';
import { keys } from '../../api/keys';

/** The reconfirmation and no-show rates over a period, by service, source, weekday and mode. */
export type OutcomeStats = Schemas['OutcomeStats'];

/** One bar of the no-show rates. */
export type OutcomeRate = Schemas['OutcomeRate'];

/** The period the rates cover: days (YYYY-MM-DD); '' lets the server choose (the last 30 days). */
export interface OutcomePeriod {
  from: string;
  to: string;
}

/** Reads the rates over the period. */
export function fetchOutcomeStats(period: OutcomePeriod, signal?: AbortSignal): Promise<OutcomeStats> {
  return api.get<OutcomeStats>('/api/admin/dashboard/outcomes', {
    query: { from: period.from || undefined, to: period.to || undefined },
    signal,
  });
}

/** The dashboard's outcome rates (under the dashboard's key, refreshed with it). */
export const outcomeQueries = {
  stats: (period: OutcomePeriod) =>
    queryOptions({
      queryKey: [...keys.dashboard, 'outcomes', period.from, period.to],
      queryFn: ({ signal }) => fetchOutcomeStats(period, signal),
    }),
};
