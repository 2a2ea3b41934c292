// The agency's contact facts, in one place for the cards, the footer, the floating
// buttons and the structured data.

/** E-mail address for every enquiry. */
export const CONTACT_EMAIL = 'contact@dota.dz';
/** Main phone number, as displayed. */
export const PHONE_PRIMARY = '+213 555 00 00 00';
/** Second phone number (mobile, also on WhatsApp), as displayed. */
export const PHONE_SECONDARY = '+213 770 00 00 00';
/** Street address of the office in Algiers. */
export const ADDRESS = {
  street: '12 rue Didouche Mourad',
  city: 'Alger',
  postalCode: '16000',
  country: 'DZ',
} as const;
/** The address on one line. */
export const ADDRESS_TEXT = `${ADDRESS.street}, ${ADDRESS.postalCode} ${ADDRESS.city}, Algérie`;
/** Opening days and hours: Sunday to Thursday, 9:00 to 17:00. */
export const OPENING_HOURS = { days: ['Su', 'Mo', 'Tu', 'We', 'Th'], opens: '09:00', closes: '17:00' } as const;
/** The year the agency was founded; experience is counted from it. */
export const FOUNDED_YEAR = 2018;
/** Social networks, in footer order. */
export const SOCIAL_LINKS = [
  { name: 'Facebook', icon: 'Facebook', href: 'https://www.facebook.com/dota.dz' },
  { name: 'Instagram', icon: 'Instagram', href: 'https://www.instagram.com/dota.dz' },
  { name: 'LinkedIn', icon: 'Linkedin', href: 'https://www.linkedin.com/company/dota-dz' },
  { name: 'YouTube', icon: 'Youtube', href: 'https://www.youtube.com/@dota-dz' },
] as const;

/** A phone number as a tel: link. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

/** Link that opens a WhatsApp conversation with the agency. */
export const WHATSAPP_HREF = `https://wa.me/${PHONE_SECONDARY.replace(/\D/g, '')}`;
/** Link to the office on a map. */
export const MAP_HREF = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS_TEXT)}`;

/** Years of experience in a year (the current one by default): it minus the founding year. */
export function yearsOfExperience(year: number = new Date().getFullYear()): number {
  return year - FOUNDED_YEAR;
}
