// Where a visit came from, kept first-party: on each page the app opens from outside
// (the first of a visit, or one reached again through a campaign link) it reads the
// address's UTM parameters and click ids, the referrer's host when it is another site,
// and the landing path. The visit's first touch and its last one stay in session storage
// and go with a booking, a chat, a newsletter subscription and a waitlist entry, to this
// site's server only.
import { contract, paramsOf } from './contract';
import type { Schemas } from './schemas';

export type Touch = Schemas['Touch'];
export type Attribution = Schemas['Attribution'];

const STORAGE_KEY = 'dota.attribution';
const PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid'] as const;
/** The server cuts longer values; the app sends no more than it keeps. */
const MAX_LEN = 200;

/** The path landed on, without anything secret: a private page's token is left out. */
export function landingOf(pathname: string): string {
  for (const route of contract.routes) {
    if (route.private && paramsOf(route.pattern, pathname)) return route.pattern;
  }
  return pathname.slice(0, 300);
}

/**
 * The touch an arrival at url from referrer makes: its campaign parameters, the
 * referrer's host when it is another site, the landing path. null when it names none of
 * them (a page reached from this site, or typed in).
 */
export function touchOf(url: URL, referrer: string, now: Date = new Date()): Touch | null {
  const touch: Touch = {};
  for (const p of PARAMS) {
    const v = url.searchParams.get(p)?.trim();
    if (v) touch[p] = v.slice(0, MAX_LEN);
  }
  if (referrer) {
    try {
      const host = new URL(referrer).hostname.toLowerCase();
      if (host && host !== url.hostname.toLowerCase()) touch.referrer = host;
    } catch {
      // Not an address: no referrer.
    }
  }
  if (Object.keys(touch).length === 0) return null;
  return { ...touch, landing: landingOf(url.pathname), at: now.toISOString() };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The visit's attribution so far, from session storage; undefined before any page. */
export function currentAttribution(): Attribution | undefined {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Attribution) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records the arrival at the current page: the visit's first touch when it has none (a
 * direct visit lands somewhere too), a new last touch when the page came from a campaign
 * or another site. Returns the attribution, and whether this page began the visit.
 */
export function captureVisit(
  href: string = window.location.href,
  referrer: string = document.referrer,
  now: Date = new Date(),
): { attribution: Attribution; first: boolean } {
  const url = new URL(href);
  const touch = touchOf(url, referrer, now);
  const known = currentAttribution();
  const first = !known?.first;
  const arrival = touch ?? { landing: landingOf(url.pathname), at: now.toISOString() };
  const attribution: Attribution = first ? { first: arrival, last: arrival } : { first: known.first, last: touch ?? known.last };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(attribution));
  } catch {
    // Storage full or refused: the visit goes unattributed, nothing else changes.
  }
  return { attribution, first };
}
