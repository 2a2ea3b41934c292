import { ApiError, api } from '../../../lib/api';
import type { Schemas } from '../../../lib/schemas';

/** The agency's profile, as the console's settings keep it. */
export type AgencyProfile = Schemas['AgencyProfile'];

/** The site's public settings. */
export interface SiteInfo {
  site_name: string;
  site_description: string;
  contact_email: string;
  maintenance_mode: boolean;
  agency: AgencyProfile;
}

/** GET /api/site; null when the server does not offer it (404), so not in maintenance. */
export async function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo | null> {
  try {
    return await api.get<SiteInfo>('/api/site', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
