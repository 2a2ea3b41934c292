import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/schemas';
import { keys } from '../../api/keys';

/** Visits, chats opened and bookings over a period, in all and by source and campaign. */
export type SourceStats = Schemas['SourceStats'];

/** One source and campaign's row. */
export type SourceRow = SourceStats['rows'][number];

/** The period the counts cover: days (YYYY-MM-DD); '' lets the server choose (the last 30 days). */
export interface SourcePeriod {
  from: string;
  to: string;
}

/** Reads where bookings came from over the period. */
export function fetchSourceStats(period: SourcePeriod, signal?: AbortSignal): Promise<SourceStats> {
  return api.get<SourceStats>('/api/admin/dashboard/sources', {
    query: { from: period.from || undefined, to: period.to || undefined },
    signal,
  });
}

/** The dashboard's sources (under the dashboard's key, refreshed with it). */
export const sourceQueries = {
  stats: (period: SourcePeriod) =>
    queryOptions({
      queryKey: [...keys.dashboard, 'sources', period.from, period.to],
      queryFn: ({ signal }) => fetchSourceStats(period, signal),
    }),
};

/** The bookings of each source, campaigns together, most first. */
export function bookingsBySource(rows: SourceRow[]): { source: string; bookings: number }[] {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.source, (by.get(r.source) ?? 0) + r.bookings);
  return [...by].map(([source, bookings]) => ({ source, bookings })).sort((a, b) => b.bookings - a.bookings || a.source.localeCompare(b.source));
}

/** A source as staff read it: "Direct" for a visit that names none. */
export function sourceName(t: (key: string) => string, source: string): string {
  return source === 'direct' ? t('appointments.direct') : source;
}
