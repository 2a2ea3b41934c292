import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredQuery, type Resource } from '../../../lib/query';
import { getDay, serviceChoices, type Day, type ServiceChoice } from '../api/appointments';

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

/** Active services for the form's list, by name, with their meeting modes; none when the server fails. */
export function useServiceChoices(): Resource<ServiceChoice[]> {
  const lang = useTranslation().i18n.resolvedLanguage;
  return useDeferredQuery({
    queryKey: ['service-choices', lang],
    queryFn: ({ signal }) => serviceChoices(signal).catch((): ServiceChoice[] => []),
  });
}
