import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredQuery, type Resource } from '../../../lib/query';
import { consultantsFor, getDay, serviceChoices, type Day, type PublicConsultant, type ServiceChoice } from '../api/appointments';

/** Key of the slots of every day, and of one day. */
const slotsKey = (date?: string) => (date === undefined ? ['slots'] : ['slots', date]);

/** A day's slots (null while no day is chosen); for a service and a consultant when given. */
export function useDay(date: string, service = '', consultant = ''): Resource<Day | null> {
  return useDeferredQuery({
    queryKey: [...slotsKey(date), service, consultant],
    queryFn: ({ signal }) => (date ? getDay(date, signal, service, consultant) : Promise.resolve(null)),
  });
}

const noConsultants: PublicConsultant[] = [];

/**
 * The consultants a visitor may choose for a service (by slug): asked only once a service
 * is chosen, so the form's first paint asks nothing more; none when the read fails.
 */
export function useConsultantChoices(service: string): PublicConsultant[] {
  const query = useQuery({
    queryKey: ['consultants', service],
    queryFn: ({ signal }) => consultantsFor(service, signal).catch((): PublicConsultant[] => []),
    enabled: service !== '',
  });
  return (service && query.data) || noConsultants;
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
