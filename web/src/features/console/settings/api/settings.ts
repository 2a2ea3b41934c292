import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Answer, GetBody } from '../../../../lib/schemas';
import type { Settings } from '../../api/types';

/** The settings, as stored by the server. */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  return (await api.get<GetBody<'/api/admin/settings'>>('/api/admin/settings', { signal })).settings;
}

/** Saves the settings and returns what was stored. */
export async function saveSettings(settings: Settings): Promise<Settings> {
  const { updated_at: _ignored, ...body } = settings;
  void _ignored;
  return (await api.put<Answer<'/api/admin/settings', 'put'>>('/api/admin/settings', body)).settings;
}

/** Saves the settings; what was stored becomes the settings' query data. */
export function useSaveSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      if (saved) client.setQueryData(keys.settings, saved);
    },
  });
}

/** The settings, as stored. */
export const settingsQueries = {
  stored: () => queryOptions({ queryKey: keys.settings, queryFn: ({ signal }) => getSettings(signal) }),
};
