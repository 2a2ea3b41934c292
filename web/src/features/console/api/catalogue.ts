import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keys } from './keys';
import type { Day, ServiceOption } from './types';

/** Active services for selectors, ordered by name. */
export async function listServices(signal?: AbortSignal): Promise<ServiceOption[]> {
  const body = await api.get<{ items: ServiceOption[] }>('/api/services', { query: { order: 'name' }, signal });
  return (body.items ?? []).map((s) => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    category: s.category ?? '',
    modes: s.modes,
    default_mode: s.default_mode,
  }));
}

/** A day's slots; for a service and a consultant when given (free when someone who takes it is). */
export function daySlots(date: string, signal?: AbortSignal, service = '', consultant = '') {
  return api.get<Day>('/api/slots', { query: { date, ...(service ? { service } : {}), ...(consultant ? { consultant } : {}) }, signal });
}

/** The public catalogue as the console's forms need it. */
export const catalogueQueries = {
  services: () => queryOptions({ queryKey: ['admin', 'services'], queryFn: ({ signal }) => listServices(signal) }),
  day: (date: string, service = '', consultant = '') =>
    queryOptions({
      queryKey: [...keys.slots, date, service, consultant],
      queryFn: ({ signal }) => daySlots(date, signal, service, consultant),
    }),
};
