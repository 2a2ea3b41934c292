import { listServices } from '../api/catalogue';
import type { ServiceOption } from '../api/types';
import { useQuery } from './useQuery';

/** Active services for filters and selectors. */
export function useServices(): ServiceOption[] {
  const { data } = useQuery((signal) => listServices(signal), []);
  return data ?? [];
}
