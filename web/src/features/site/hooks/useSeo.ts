import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { contract, pageUrl } from '../../../lib/contract';
import { trackPageView } from '../../../lib/analytics';
import { useSiteInfo } from '../SiteInfo';

/** What a page tells search engines and link previews. */
export interface SeoProps {
  title: string;
  description: string;
  /** Structured data (schema.org), written as a JSON-LD script element (see useOrigin). */
  jsonLd?: object | object[];
  /** `noindex` for pages that should not be listed (not found). */
  noindex?: boolean;
  /** Open Graph type: website (default) or article. */
  type?: 'website' | 'article';
  /**
   * The address the head names instead of the page's own, for a page whose address is a
   * secret (a manage link's token): /manage rather than /manage/{token}.
   */
  path?: string;
  /** false keeps the page view from the third-party tag (a page whose address is a secret). */
  pageView?: boolean;
}

/** The head of a page: what the prerenderer writes and the browser keeps up to date. */
export interface SeoHead {
  title: string;
  /** `<meta name=…>` tags. */
  names: [string, string][];
  /** `<meta property=…>` tags (Open Graph). */
  properties: [string, string][];
  canonical: string;
  /** hreflang alternates, x-default last. */
  alternates: [string, string][];
  /** JSON-LD text, or empty. */
  jsonLd: string;
}

/**
 * Receives the head while a page is prerendered (no browser): the prerenderer
 * provides it, the browser does not.
 */
export const SeoCollector = createContext<((head: SeoHead) => void) | null>(null);

/**
 * The origin written into prerendered pages; the server puts the site's origin in its
 * place (routes.json names it).
 */
export const PRERENDER_ORIGIN = contract.prerenderOrigin;

/** The site's origin, for absolute URLs in structured data. */
export function useOrigin(): string {
  return useContext(SeoCollector) ? PRERENDER_ORIGIN : window.location.origin;
}

const ogLocales: Record<string, string> = { fr: 'fr_DZ', en: 'en_US', ar: 'ar_DZ' };

/** The head of the page at pathname, in lang, for the site at origin. */
export function seoHead(
  { title, description, jsonLd, noindex, type = 'website' }: SeoProps,
  { origin, pathname, lang, siteName }: { origin: string; pathname: string; lang: string; siteName: string },
): SeoHead {
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const url = pageUrl(origin, pathname, lang);
  return {
    title: fullTitle,
    names: [
      ['description', description],
      ['robots', noindex ? 'noindex' : 'index, follow'],
      ['twitter:card', 'summary_large_image'],
    ],
    properties: [
      ['og:site_name', siteName],
      ['og:title', fullTitle],
      ['og:description', description],
      ['og:url', url],
      ['og:type', type],
      ['og:locale', ogLocales[lang] ?? 'fr_DZ'],
      ['og:image', `${origin}/og-image.png`],
    ],
    canonical: url,
    alternates: [
      ...contract.languages.map((l): [string, string] => [l, pageUrl(origin, pathname, l)]),
      ['x-default', `${origin}${pathname}`],
    ],
    jsonLd: jsonLd ? JSON.stringify(jsonLd) : '',
  };
}

function element<T extends HTMLElement>(selector: string, create: () => T): T {
  let el = document.head.querySelector<T>(selector);
  if (!el) {
    el = create();
    el.setAttribute('data-seo', '');
    document.head.appendChild(el);
  }
  return el;
}

function meta(attr: 'name' | 'property', key: string, content: string): void {
  element(`meta[${attr}="${key}"]`, () => {
    const m = document.createElement('meta');
    m.setAttribute(attr, key);
    return m;
  }).setAttribute('content', content);
}

function link(rel: string, href: string, hreflang?: string): void {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`;
  const el = element(selector, () => {
    const l = document.createElement('link');
    l.rel = rel;
    if (hreflang) l.hreflang = hreflang;
    return l;
  });
  el.href = href;
}

/** Writes head into the document, replacing what the prerendered page or an earlier page set. */
function applyHead(head: SeoHead): void {
  document.title = head.title;
  for (const [key, content] of head.names) meta('name', key, content);
  for (const [key, content] of head.properties) meta('property', key, content);
  link('canonical', head.canonical);
  for (const [lang, href] of head.alternates) link('alternate', href, lang);
  document.getElementById('structured-data')?.remove();
  if (head.jsonLd) {
    const script = document.createElement('script');
    script.id = 'structured-data';
    script.type = 'application/ld+json';
    script.textContent = head.jsonLd;
    document.head.appendChild(script);
  }
}

/**
 * Sets the page's title, description, canonical URL, hreflang alternates, Open Graph
 * tags and JSON-LD in the current language. The JSON-LD script is data, never
 * executed, so the Content-Security-Policy (no inline scripts) holds.
 */
export function useSeo(props: SeoProps): void {
  const { t, i18n } = useTranslation('site');
  const location = useLocation();
  const collect = useContext(SeoCollector);
  const lang = i18n.resolvedLanguage ?? i18n.language;
  // The prerendered head names the site as the texts do; the browser, as the settings do.
  const prerenderName = t('seo.siteName');
  const siteName = useSiteInfo()?.site_name || prerenderName;
  const { title, description, jsonLd, noindex, type, pageView = true } = props;
  const pathname = props.path ?? location.pathname;
  const ld = jsonLd ? JSON.stringify(jsonLd) : '';

  // Prerendering: there is no document; the prerenderer writes the head itself.
  if (collect) collect(seoHead(props, { origin: PRERENDER_ORIGIN, pathname, lang, siteName: prerenderName }));

  useEffect(() => {
    // The structured data is written as the page gave it (ld); jsonLd is a new object each render.
    const context = { origin: window.location.origin, pathname, lang, siteName };
    const head = { ...seoHead({ title, description, noindex, type }, context), jsonLd: ld };
    applyHead(head);
    if (pageView) trackPageView(pathname, head.title);
  }, [siteName, title, description, ld, noindex, type, pathname, lang, pageView]);
}
