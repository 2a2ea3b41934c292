import { api } from '../../../lib/api';
import type { Day, ServiceOption } from './types';

/** Active services for selectors, ordered by name. */
export async function listServices(signal?: AbortSignal): Promise<ServiceOption[]> {
  const body = await api.get<{ items: ServiceOption[] }>('/api/services', { query: { order: 'name' }, signal });
  return (body.items ?? []).map((s) => ({ id: s.id, slug: s.slug, name: s.name, category: s.category ?? '' }));
}

/** A day's slots. */
export function daySlots(date: string, signal?: AbortSignal) {
  return api.get<Day>('/api/slots', { query: { date }, signal });
}
