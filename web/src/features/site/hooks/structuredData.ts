// schema.org descriptions of the agency and of its services (JSON-LD).
import { ADDRESS, CONTACT_EMAIL, FOUNDED_YEAR, OPENING_HOURS, PHONE_PRIMARY, SOCIAL_LINKS } from '../contact';

/** Currency of the agency's prices. */
export const CURRENCY = 'DZD';
/** Price range shown to search engines. */
export const PRICE_RANGE = '5000-50000 DZD';

/**
 * The agency as a local business. No rating: structured data states only what the site
 * shows and the agency stands behind, and it has no collected reviews to count.
 */
export function localBusiness(origin: string, name: string, description: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${origin}/#business`,
    name,
    description,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/og-image.png`,
    email: CONTACT_EMAIL,
    telephone: PHONE_PRIMARY.replace(/\s+/g, ''),
    foundingDate: String(FOUNDED_YEAR),
    priceRange: PRICE_RANGE,
    currenciesAccepted: CURRENCY,
    address: {
      '@type': 'PostalAddress',
      streetAddress: ADDRESS.street,
      addressLocality: ADDRESS.city,
      postalCode: ADDRESS.postalCode,
      addressCountry: ADDRESS.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: 36.7642, longitude: 3.0486 },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'],
        opens: OPENING_HOURS.opens,
        closes: OPENING_HOURS.closes,
      },
    ],
    sameAs: SOCIAL_LINKS.map((s) => s.href),
  };
}

/** One service of the agency, with its price range and duration. */
export function serviceSchema(origin: string, s: { name: string; description: string; slug: string; category: string }): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: s.name,
    description: s.description,
    serviceType: s.category || s.name,
    url: `${origin}/services/${s.slug}`,
    areaServed: { '@type': 'Country', name: 'Algeria' },
    provider: { '@type': 'ProfessionalService', '@id': `${origin}/#business`, name: 'Dota' },
    offers: {
      '@type': 'Offer',
      priceCurrency: CURRENCY,
      priceSpecification: {
        '@type': 'PriceSpecification',
        minPrice: 5000,
        maxPrice: 50000,
        priceCurrency: CURRENCY,
      },
      description: PRICE_RANGE,
    },
    // Typical project duration: 2 to 8 weeks.
    additionalProperty: { '@type': 'PropertyValue', name: 'duration', value: 'P2W/P8W', description: '2-8 weeks' },
  };
}
