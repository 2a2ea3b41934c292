import type { Schemas } from './schemas';

/**
 * An agency profile with every part empty: what a part the server leaves out (settings
 * stored before the agency had a profile) shows as.
 */
export const emptyAgency: Schemas['AgencyProfile'] = {
  tagline: {},
  address: { street: '', city: '', postal_code: '', country: '', country_name: '' },
  map_url: '',
  phones: [],
  whatsapp: '',
  social: [],
  founded_year: 0,
  projects_delivered: 0,
  clients_served: 0,
  currency: '',
  prices: [],
  hours: { days: [], opens: '', closes: '' },
};
