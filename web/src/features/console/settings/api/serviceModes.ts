import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { MeetingMode, ServiceOption } from '../../api/types';
import type { Schemas } from '../../../../lib/schemas';

/** How a service's meetings may happen: the modes it offers and the one a booking that names none gets. */
export interface ServiceModes {
  modes: MeetingMode[];
  default_mode: MeetingMode;
}

/** Saves a service's modes; the server answers with the service as it now is. */
export async function saveServiceModes(slug: string, value: ServiceModes): Promise<Schemas['ServiceView']> {
  const body: { service: Schemas['ServiceView'] } = await api.put(`/api/admin/services/${encodeURIComponent(slug)}/modes`, value);
  return body.service;
}

/** Saving one service's modes; the services' list, which every selector reads, is asked again. */
export function useSaveServiceModesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, value }: { slug: string; value: ServiceModes }) => saveServiceModes(slug, value),
    onSuccess: (saved) =>
      client.setQueryData<ServiceOption[]>(['admin', 'services'], (list) =>
        list?.map((s) => (s.slug === saved.slug ? { ...s, modes: saved.modes, default_mode: saved.default_mode } : s)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'services'] }),
  });
}
