import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredQuery, type Resource } from '../../../lib/query';
import { getDay, serviceNames, type Day } from '../api/appointments';

/** Key of the slots of every day, and of one day. */
const slotsKey = (date?: string) => (date === undefined ? ['slots'] : ['slots', date]);

/** A day's slots (null while no day is chosen). */
export function useDay(date: string): Resource<Day | null> {
  return useDeferredQuery({
    queryKey: slotsKey(date),
    queryFn: ({ signal }) => (date ? getDay(date, signal) : Promise.resolve(null)),
  });
}

/** Asks again for the slots on screen: after the server refused one as taken or closed. */
export function useRefreshSlots(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: slotsKey() }), [client]);
}

/** Active service names for the form's list, by name; none when the server fails. */
export function useServiceNames(): Resource<string[]> {
  const lang = useTranslation().i18n.resolvedLanguage;
  return useDeferredQuery({
    queryKey: ['service-names', lang],
    queryFn: ({ signal }) => serviceNames(signal).catch((): string[] => []),
  });
}
