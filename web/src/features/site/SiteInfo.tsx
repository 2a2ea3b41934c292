import { createContext, useContext, type ReactNode } from 'react';
import { AgencyZoneProvider } from '../../lib/visitorTime';
import type { SiteInfo } from './api/site';
import { useSiteSettings } from './hooks/useCatalogue';

const SiteInfoContext = createContext<SiteInfo | null>(null);

/** Loads the site's public settings once for every public page, and gives them the agency's time zone. */
export function SiteInfoProvider({ children }: { children: ReactNode }) {
  // A failure counts as "not in maintenance": the form and the chat report their own errors.
  const { data } = useSiteSettings();
  return (
    <SiteInfoContext.Provider value={data ?? null}>
      <AgencyZoneProvider zone={data?.timezone ?? ''}>{children}</AgencyZoneProvider>
    </SiteInfoContext.Provider>
  );
}

/** The site's settings, or null while unknown or not offered by the server. */
export function useSiteInfo(): SiteInfo | null {
  return useContext(SiteInfoContext);
}

/** Whether the site is in maintenance: forms and the chat do not send. */
export function useMaintenance(): boolean {
  return useSiteInfo()?.maintenance_mode === true;
}
