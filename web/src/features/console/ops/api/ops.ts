import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { GetBody, Schemas } from '../../../../lib/schemas';
import type { Point, Series } from '../../api/types';

/** One staff member's answers over one week: were visitors helped after a hand-off? */
export type RatingWeek = Schemas['RatingWeek'];

/** Windows the operations page offers. */
export const OPS_WINDOWS = ['1h', '24h', '7d'] as const;
/** One of OPS_WINDOWS. */
export type OpsWindow = (typeof OPS_WINDOWS)[number];

/** Families that share a chart, for the counters the chat engine reports side by side. */
const FAMILY: Record<string, string> = {
  ai_requests: 'ai',
  ai_failures: 'ai',
  fallbacks: 'ai',
  conversations_started: 'chat_funnel',
  contact_collected: 'chat_funnel',
  booked: 'chat_funnel',
};

/** The series name of a column of a wide row: `family.member`, or the column itself. */
export function seriesName(column: string): string {
  const percentile = column.match(/^(.*)_(p\d+)(?:_ms|_seconds)?$/);
  if (percentile) return `${percentile[1]}.${percentile[2]}`;
  return FAMILY[column] ? `${FAMILY[column]}.${column}` : column;
}

/** The chat engine's and the AI's counters over one step of a window (or over the whole window: its totals). */
export type OpsPoint = Schemas['OpsPoint'];

/** The answer of GET /api/admin/ops. */
type OpsBody = GetBody<'/api/admin/ops'>;

/**
 * Turns rows of {t, counter: n, group: {member: n}} into one series per counter (nested
 * groups become `group.member`), keeping every column the server sends.
 */
export function wideToSeries(rows: OpsPoint[]): Series[] {
  const series = new Map<string, Point[]>();
  const add = (name: string, t: string | number, v: number) => {
    if (!series.has(name)) series.set(name, []);
    series.get(name)!.push({ t, v });
  };
  for (const row of rows) {
    const t = row.t as string | number;
    for (const [key, value] of Object.entries(row)) {
      if (key === 't') continue;
      if (typeof value === 'number') add(seriesName(key), t, value);
      else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const [member, n] of Object.entries(value as Record<string, unknown>)) {
          if (typeof n === 'number') add(`${key}.${member}`, t, n);
        }
      }
    }
  }
  return [...series.entries()].map(([name, points]) => ({ name, points }));
}

/** The operations page's charts: a series per counter, the window's totals, and the weeks' ratings. */
export interface Ops {
  series: Series[];
  totals: Record<string, number>;
  ratings: RatingWeek[];
}

/** Totals of the window, named like the series. */
export function totalsOf(body: OpsBody): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of wideToSeries([body.totals])) out[s.name] = s.points[0]?.v ?? 0;
  return out;
}

/** The chat and AI series of a window. */
export async function fetchOps(window: OpsWindow, signal?: AbortSignal): Promise<Ops> {
  const body = await api.get<OpsBody>('/api/admin/ops', { query: { window }, signal });
  return { series: wideToSeries(body.points), totals: totalsOf(body), ratings: body.ratings ?? [] };
}

/** The chat engine's and the AI's series over a window. */
export const opsQueries = {
  series: (window: OpsWindow) => queryOptions({ queryKey: ['admin', 'ops', window], queryFn: ({ signal }) => fetchOps(window, signal) }),
};
