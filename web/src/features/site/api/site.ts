import { ApiError, api } from '../../../lib/api';

/** The agency's profile, as the console's settings keep it. */
export interface AgencyProfile {
  /** One line about the agency, per language. */
  tagline: Record<string, string>;
  address: { street: string; city: string; postal_code: string; country: string; country_name: string };
  map_url: string;
  /** The numbers to call, the main one first. */
  phones: string[];
  whatsapp: string;
  social: { network: string; url: string }[];
  founded_year: number;
  /** The figures the agency stands behind, shown as "100+"; 0 shows none. */
  projects_delivered: number;
  clients_served: number;
  currency: string;
  /** Price ranges by service slug. */
  prices: { service: string; min: number; max: number }[];
  /** Office days (sun…sat) and hours (HH:MM). */
  hours: { days: string[]; opens: string; closes: string };
}

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
