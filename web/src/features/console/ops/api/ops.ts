import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/schemas';
import type { Point, Series } from '../../api/types';

/** One staff member's answers over one week: were visitors helped after a hand-off? */
export type RatingWeek = Schemas['RatingWeek'];

/** Windows the operations page offers. */
export const OPS_WINDOWS = ['1h', '24h', '7d'] as const;
/** One of OPS_WINDOWS. */
export type OpsWindow = (typeof OPS_WINDOWS)[number];

function isPoint(value: unknown): value is Point {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (typeof p.t === 'string' || typeof p.t === 'number') && typeof p.v === 'number';
}

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

function isWideRow(value: unknown): value is Record<string, unknown> & { t: string | number } {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (typeof row.t === 'string' || typeof row.t === 'number') && !('v' in row);
}

/**
 * Turns rows of {t, counter: n, group: {member: n}} into one series per counter (nested
 * groups become `group.member`), keeping every column the server sends.
 */
export function wideToSeries(rows: Record<string, unknown>[]): Series[] {
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

/**
 * Flattens whatever series the server sends into a list of named series: an array of
 * {name, points}, or objects whose leaves are arrays of {t, v} (named by their path).
 */
export function flattenSeries(body: unknown, prefix = ''): Series[] {
  if (Array.isArray(body)) {
    if (body.length > 0 && body.every(isPoint)) return [{ name: prefix || 'series', points: body }];
    if (body.length > 0 && body.every(isWideRow)) return wideToSeries(body);
    return body.flatMap((entry, i) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const record = entry as Record<string, unknown>;
      const name = typeof record.name === 'string' ? record.name : `${prefix}${i}`;
      const points = record.points ?? record.data ?? record.values;
      if (Array.isArray(points) && points.every(isPoint)) {
        return [{ name, unit: typeof record.unit === 'string' ? record.unit : undefined, points }];
      }
      return flattenSeries(entry, name);
    });
  }
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
    if (['window', 'generated_at', 'step_seconds', 'from', 'to', 'totals', 'ratings'].includes(key)) return [];
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value) && value.length === 0) return [{ name, points: [] }];
    return flattenSeries(value, key === 'series' ? prefix : name);
  });
}

/** The operations page's data: series, the window's totals when the server sends them, and the weeks' ratings. */
export interface Ops {
  series: Series[];
  totals: Record<string, number>;
  ratings: RatingWeek[];
}

/** Totals of the window, flattened like the series' names. */
export function totalsOf(body: unknown): Record<string, number> {
  const totals = (body as { totals?: unknown } | null)?.totals;
  if (typeof totals !== 'object' || totals === null) return {};
  const out: Record<string, number> = {};
  for (const s of wideToSeries([{ t: 0, ...(totals as Record<string, unknown>) }])) out[s.name] = s.points[0]?.v ?? 0;
  return out;
}

/** The chat and AI series of a window; null when the server does not offer them yet. */
export async function fetchOps(window: OpsWindow, signal?: AbortSignal): Promise<Ops | null> {
  try {
    const body = await api.get<unknown>('/api/admin/ops', { query: { window }, signal });
    const ratings = (body as { ratings?: unknown } | null)?.ratings;
    return { series: flattenSeries(body), totals: totalsOf(body), ratings: Array.isArray(ratings) ? (ratings as RatingWeek[]) : [] };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The chat engine's and the AI's series over a window. */
export const opsQueries = {
  series: (window: OpsWindow) => queryOptions({ queryKey: ['admin', 'ops', window], queryFn: ({ signal }) => fetchOps(window, signal) }),
};
