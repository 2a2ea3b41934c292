import { useQuery } from '@tanstack/react-query';
import { catalogueQueries } from '../api/queries';
import type { ServiceOption } from '../api/types';

const none: ServiceOption[] = [];

/** Active services for filters and selectors. */
export function useServices(): ServiceOption[] {
  return useQuery(catalogueQueries.services()).data ?? none;
}
