import { api, ApiError } from '../../../lib/api';
import type { Point, Series } from './types';

/** Windows the operations page offers. */
export const OPS_WINDOWS = ['1h', '24h', '7d'] as const;
/** One of OPS_WINDOWS. */
export type OpsWindow = (typeof OPS_WINDOWS)[number];

function isPoint(value: unknown): value is Point {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (typeof p.t === 'string' || typeof p.t === 'number') && typeof p.v === 'number';
}

/**
 * Flattens whatever series the server sends into a list of named series: an array of
 * {name, points}, or objects whose leaves are arrays of {t, v} (named by their path).
 */
export function flattenSeries(body: unknown, prefix = ''): Series[] {
  if (Array.isArray(body)) {
    if (body.length > 0 && body.every(isPoint)) return [{ name: prefix || 'series', points: body }];
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
    if (key === 'window' || key === 'generated_at') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value) && value.length === 0) return [{ name, points: [] }];
    return flattenSeries(value, key === 'series' ? prefix : name);
  });
}

/** The chat and AI series of a window; null when the server does not offer them yet. */
export async function fetchOps(window: OpsWindow, signal?: AbortSignal): Promise<Series[] | null> {
  try {
    return flattenSeries(await api.get<unknown>('/api/admin/ops', { query: { window }, signal }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
