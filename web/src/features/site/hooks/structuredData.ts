// schema.org descriptions of the agency and of its services (JSON-LD), from the agency's
// profile (console settings); without it, only what the page itself knows.
import type { Agency } from '../contact';

const DAYS: Record<string, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

/** The profile's price range over every service: "5000-50000 DZD"; "" without prices. */
export function priceRange(agency: Agency): string {
  if (agency.prices.length === 0) return '';
  const lo = Math.min(...agency.prices.map((p) => p.min));
  const hi = Math.max(...agency.prices.map((p) => p.max));
  return `${lo}-${hi} ${agency.currency}`.trim();
}

/**
 * The agency as a local business. No rating: structured data states only what the site
 * shows and the agency stands behind, and it has no collected reviews to count.
 */
export function localBusiness(origin: string, name: string, description: string, agency: Agency | null): object {
  const business: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${origin}/#business`,
    name: agency?.name || name,
    description,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/og-image.png`,
  };
  if (!agency) return business;
  const a = agency.address;
  return {
    ...business,
    ...(agency.email && { email: agency.email }),
    ...(agency.phones[0] && { telephone: agency.phones[0].replace(/[^\d+]/g, '') }),
    ...(agency.founded_year && { foundingDate: String(agency.founded_year) }),
    ...(priceRange(agency) && { priceRange: priceRange(agency), currenciesAccepted: agency.currency }),
    ...(a.street && {
      address: {
        '@type': 'PostalAddress',
        streetAddress: a.street,
        addressLocality: a.city,
        postalCode: a.postal_code,
        addressCountry: a.country,
      },
    }),
    ...(agency.mapHref && { hasMap: agency.mapHref }),
    ...(agency.hours.days.length > 0 && {
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: agency.hours.days.map((d) => DAYS[d]).filter(Boolean),
          opens: agency.hours.opens,
          closes: agency.hours.closes,
        },
      ],
    }),
    ...(agency.social.length > 0 && { sameAs: agency.social.map((s) => s.url) }),
  };
}

/** One service of the agency, with its price range from the profile. */
export function serviceSchema(
  origin: string,
  s: { name: string; description: string; slug: string; category: string },
  agency: Agency | null,
): object {
  const price = agency?.prices.find((p) => p.service === s.slug);
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: s.name,
    description: s.description,
    serviceType: s.category || s.name,
    url: `${origin}/services/${s.slug}`,
    ...(agency?.address.country && { areaServed: { '@type': 'Country', name: agency.address.country_name || agency.address.country } }),
    provider: { '@type': 'ProfessionalService', '@id': `${origin}/#business`, ...(agency?.name && { name: agency.name }) },
    ...(price &&
      agency && {
        offers: {
          '@type': 'Offer',
          priceCurrency: agency.currency,
          priceSpecification: {
            '@type': 'PriceSpecification',
            minPrice: price.min,
            maxPrice: price.max,
            priceCurrency: agency.currency,
          },
          description: `${price.min}-${price.max} ${agency.currency}`,
        },
      }),
  };
}
