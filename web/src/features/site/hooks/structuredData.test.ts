import { describe, expect, it } from 'vitest';
import { agencyOf } from '../contact';
import { localBusiness, serviceSchema } from './structuredData';

const agency = agencyOf({
  site_name: 'Dota',
  site_description: '',
  contact_email: 'contact@agence.example',
  maintenance_mode: false,
  timezone: 'Africa/Algiers',
  agency: {
    tagline: { fr: 'Agence digitale' },
    address: { street: '1 rue Test', city: 'Alger', postal_code: '16000', country: 'DZ', country_name: 'Algérie' },
    map_url: '',
    phones: ['+213 21 00 11 22'],
    whatsapp: '',
    social: [],
    founded_year: 2018,
    projects_delivered: 100,
    clients_served: 70,
    currency: 'DZD',
    prices: [
      { service: 'developpement-web', min: 8000, max: 90000 },
      { service: 'formation', min: 3000, max: 20000 },
    ],
    hours: { days: ['sun', 'mon', 'tue', 'wed', 'thu'], opens: '09:00', closes: '17:00' },
  },
});

/** Every key of a JSON value, at any depth. */
function keys(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(keys);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...keys(x)]);
  return [];
}

describe('structured data', () => {
  const origin = 'https://dota.dz';
  const all = [
    localBusiness(origin, 'Dota', 'Agence digitale à Alger', agency),
    serviceSchema(
      origin,
      { name: 'Développement web', description: 'Sites et boutiques', slug: 'developpement-web', category: 'Web' },
      agency,
    ),
  ];

  it('claims no rating nor review: the agency has collected none to count', () => {
    for (const ld of all) {
      expect(keys(ld).filter((k) => /rating|review/i.test(k))).toEqual([]);
    }
  });

  it("states what the agency's profile says: its contact, hours and prices", () => {
    const [business, service] = all as [Record<string, unknown>, Record<string, unknown>];
    expect(business['@type']).toBe('ProfessionalService');
    expect(business.email).toBe('contact@agence.example');
    expect(business.telephone).toBe('+21321001122');
    expect(business.priceRange).toBe('3000-90000 DZD');
    expect(business.openingHoursSpecification).toMatchObject([{ dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'] }]);
    expect(service.url).toBe('https://dota.dz/services/developpement-web');
    expect(service.offers).toMatchObject({ priceSpecification: { minPrice: 8000, maxPrice: 90000 } });
  });

  it('invents nothing while the profile is unknown', () => {
    const business = localBusiness(origin, 'Dota', 'Agence', null) as Record<string, unknown>;
    expect(Object.keys(business)).not.toContain('telephone');
    expect(Object.keys(business)).not.toContain('address');
  });
});
