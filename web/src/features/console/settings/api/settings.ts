import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Settings } from '../../api/types';

function unwrap(body: { settings?: Settings } & Partial<Settings>): Settings {
  return (body.settings ?? body) as Settings;
}

/** The settings, as stored by the server. */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  return unwrap(await api.get('/api/admin/settings', { signal }));
}

/** Saves the settings and returns what was stored. */
export async function saveSettings(settings: Settings): Promise<Settings> {
  const { updated_at: _ignored, ...body } = settings;
  void _ignored;
  return unwrap(await api.put('/api/admin/settings', body));
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
