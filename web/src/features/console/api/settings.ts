import { api } from '../../../lib/api';
import type { Settings } from './types';

/** The settings, as stored by the server. */
export function getSettings(signal?: AbortSignal) {
  return api.get<Settings>('/api/admin/settings', { signal });
}

/** Saves the settings and returns what was stored. */
export function saveSettings(settings: Settings) {
  const { updated_at: _ignored, ...body } = settings;
  void _ignored;
  return api.put<Settings>('/api/admin/settings', body);
}
