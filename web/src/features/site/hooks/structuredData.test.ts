import { describe, expect, it } from 'vitest';
import { localBusiness, serviceSchema } from './structuredData';

/** Every key of a JSON value, at any depth. */
function keys(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(keys);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...keys(x)]);
  return [];
}

describe('structured data', () => {
  const origin = 'https://dota.dz';
  const all = [
    localBusiness(origin, 'Dota', 'Agence digitale à Alger'),
    serviceSchema(origin, { name: 'Développement web', description: 'Sites et boutiques', slug: 'developpement-web', category: 'Web' }),
  ];

  it('claims no rating nor review: the agency has collected none to count', () => {
    for (const ld of all) {
      expect(keys(ld).filter((k) => /rating|review/i.test(k))).toEqual([]);
    }
  });

  it('states what the site shows: the agency, its contact and its prices', () => {
    const [business, service] = all as [Record<string, unknown>, Record<string, unknown>];
    expect(business['@type']).toBe('ProfessionalService');
    expect(business.email).toBe('contact@dota.dz');
    expect(business.priceRange).toBe('5000-50000 DZD');
    expect(service.url).toBe('https://dota.dz/services/developpement-web');
  });
});
