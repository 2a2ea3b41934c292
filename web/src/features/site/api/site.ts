import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import type { GetBody, Schemas } from '../../../lib/schemas';
import { SITE_FRESH_MS } from './catalogue';

/** The agency's profile, as the console's settings keep it. */
export type AgencyProfile = Schemas['AgencyProfile'];

/** The site's public settings. */
export type SiteInfo = GetBody<'/api/site'>;

/** GET /api/site; null when the server does not offer it (404), so not in maintenance. */
export async function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo | null> {
  try {
    return await api.get<SiteInfo>('/api/site', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The site's public settings; null when unknown (a failure counts as "not in maintenance"). */
export const siteInfoQuery = queryOptions({
  queryKey: ['site-info'],
  queryFn: ({ signal }) => getSiteInfo(signal).catch(() => null),
  staleTime: SITE_FRESH_MS,
});
