import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from '../api/catalogue';
import type { ServiceOption } from '../api/types';

const none: ServiceOption[] = [];

/** Active services for filters and selectors. */
export function useServices(): ServiceOption[] {
  return useQuery(catalogueQueries.services()).data ?? none;
}

/**
 * Names a stored service in the console's language: bookings store a service by its slug;
 * a text that is no slug of the catalogue (stored before slugs) is shown as it is.
 */
export function useServiceTitle(): (stored: string) => string {
  const services = useServices();
  return useMemo(() => {
    const names = new Map(services.map((s) => [s.slug ?? '', s.name]));
    return (stored: string) => names.get(stored) ?? stored;
  }, [services]);
}
