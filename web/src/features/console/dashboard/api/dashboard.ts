import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';

/** Appointments of one day by source. */
export interface DayBySource {
  date: string;
  form: number;
  chat: number;
  console: number;
}

/** A labelled count. */
export interface Count {
  label: string;
  count: number;
}

/** Everything the dashboard shows. */
export interface Dashboard {
  cards: Record<string, number>;
  perDay: DayBySource[];
  byStatus: Count[];
  byService: Count[];
  funnel: { started: number; contact: number; booked: number };
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0;
}

function counts(value: unknown, labelKeys: string[]): Count[] {
  if (Array.isArray(value)) {
    return value.map((row: Record<string, unknown>) => ({
      label: String(labelKeys.map((k) => row[k]).find((v) => v !== undefined && v !== null) ?? ''),
      count: num(row.count ?? row.value ?? row.v),
    }));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).map(([label, count]) => ({ label, count: num(count) }));
  }
  return [];
}

/** Reads the dashboard answer, tolerant of the way each series is spelled. */
export function normalizeDashboard(body: Record<string, unknown>): Dashboard {
  const cardsSource = (body.cards ?? body.stats ?? {}) as Record<string, unknown>;
  const cards: Record<string, number> = {};
  for (const [key, value] of Object.entries(cardsSource)) if (typeof value === 'number') cards[key] = value;
  const perDayRaw = (body.per_day ?? body.appointments_per_day ?? body.by_day ?? []) as Record<string, unknown>[];
  const perDay = Array.isArray(perDayRaw)
    ? perDayRaw.map((row) => {
        const by = (row.by_source ?? row.sources ?? row) as Record<string, unknown>;
        return { date: String(row.date ?? row.day ?? row.t ?? ''), form: num(by.form), chat: num(by.chat), console: num(by.console) };
      })
    : [];
  const funnelRaw = (body.funnel ?? body.chat_funnel ?? {}) as Record<string, unknown>;
  return {
    cards,
    perDay,
    byStatus: counts(body.by_status ?? body.status_breakdown, ['status', 'label', 'name']),
    byService: counts(body.by_service ?? body.bookings_by_service, ['service', 'label', 'name']),
    funnel: {
      started: num(funnelRaw.started ?? funnelRaw.conversations_started ?? funnelRaw.conversations),
      contact: num(funnelRaw.contact ?? funnelRaw.contact_collected ?? funnelRaw.contacts),
      booked: num(funnelRaw.booked ?? funnelRaw.bookings),
    },
  };
}

/** Stat cards and chart series of the dashboard. */
export async function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return normalizeDashboard(await api.get<Record<string, unknown>>('/api/admin/dashboard', { signal }));
}

/** The dashboard's cards and charts. */
export const dashboardQueries = {
  summary: () => queryOptions({ queryKey: keys.dashboard, queryFn: ({ signal }) => fetchDashboard(signal) }),
};
