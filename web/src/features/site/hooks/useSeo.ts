import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { trackPageView } from '../../../lib/analytics';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../../../lib/i18n';

/** What a page tells search engines and link previews. */
export interface SeoProps {
  title: string;
  description: string;
  /** Structured data (schema.org), written as a JSON-LD script element. */
  jsonLd?: object | object[];
  /** `noindex` for pages that should not be listed (not found). */
  noindex?: boolean;
  /** Open Graph type: website (default) or article. */
  type?: 'website' | 'article';
}

const ogLocales: Record<string, string> = { fr: 'fr_DZ', en: 'en_US', ar: 'ar_DZ' };

/** A page's address in a language: French, the default, has no ?lang=. */
export function localizedUrl(origin: string, path: string, lang: string): string {
  return lang === DEFAULT_LANGUAGE ? `${origin}${path}` : `${origin}${path}?lang=${lang}`;
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

/**
 * Sets the page's title, description, canonical URL, hreflang alternates, Open Graph
 * tags and JSON-LD in the current language. The JSON-LD script is created at run time
 * and never executed, so the Content-Security-Policy (no inline scripts) holds.
 */
export function useSeo({ title, description, jsonLd, noindex, type = 'website' }: SeoProps): void {
  const { t, i18n } = useTranslation('site');
  const { pathname } = useLocation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const ld = jsonLd ? JSON.stringify(jsonLd) : '';

  useEffect(() => {
    const origin = window.location.origin;
    const siteName = t('seo.siteName');
    const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
    const url = localizedUrl(origin, pathname, lang);
    document.title = fullTitle;
    meta('name', 'description', description);
    meta('name', 'robots', noindex ? 'noindex' : 'index, follow');
    link('canonical', url);
    for (const l of SUPPORTED_LANGUAGES) link('alternate', localizedUrl(origin, pathname, l), l);
    link('alternate', `${origin}${pathname}`, 'x-default');
    meta('property', 'og:site_name', siteName);
    meta('property', 'og:title', fullTitle);
    meta('property', 'og:description', description);
    meta('property', 'og:url', url);
    meta('property', 'og:type', type);
    meta('property', 'og:locale', ogLocales[lang] ?? 'fr_DZ');
    meta('property', 'og:image', `${origin}/og-image.png`);
    meta('name', 'twitter:card', 'summary_large_image');

    const old = document.getElementById('structured-data');
    if (old) old.remove();
    if (ld) {
      const script = document.createElement('script');
      script.id = 'structured-data';
      script.type = 'application/ld+json';
      script.textContent = ld;
      document.head.appendChild(script);
    }
    trackPageView(pathname, fullTitle);
  }, [t, title, description, ld, noindex, type, pathname, lang]);
}
