// The prerenderer's entry (built by `vite build --ssr`, run by scripts/prerender.mjs):
// renders each public route of the site (lib/routes.json) in each language to HTML, so a
// visitor sees the page before any script runs, and the browser then hydrates it
// (main.tsx); and, for a page the server sends with its data, the template the server
// fills (features/site/components/Template.tsx).
import { createInstance } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppRoutes } from './app/App';
import { moduleOf, routes } from './app/routes';
import { placeholder, TemplateMode } from './features/site/components/Template';
import { SeoCollector, type SeoHead } from './features/site/hooks/useSeo';
import { contract, type SiteRoute } from './lib/contract';
import { directionOf, lazyLocales, type Language } from './lib/i18n';
import { PAGE_DATA_ID } from './lib/pageData';

export { contract, directionOf, PAGE_DATA_ID };
export type { SeoHead, SiteRoute };

/** A route as the server serves it: its prerendered pages, or the app's empty shell. */
export interface ServedRoute extends SiteRoute {
  /** Whether the route's pages are prerendered (the console and secret addresses are not). */
  prerendered: boolean;
}

/** Every route of the site (lib/routes.json), in the server's matching order. */
export function servedRoutes(): ServedRoute[] {
  return contract.routes.map((route) => ({ ...route, prerendered: Boolean(route.page) }));
}

/** The namespaces of the public site: all loaded before rendering, so nothing suspends on texts. */
const SITE_NAMESPACES = ['common', 'site', 'chat', 'booking'];

/** An i18next instance in lang with the public site's texts loaded. */
async function i18nFor(lang: Language) {
  const i18n = createInstance();
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: contract.defaultLanguage,
      supportedLngs: [...contract.languages],
      ns: SITE_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
  return i18n;
}

/** One prerendered page. */
export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The head the page asked for (useSeo), if any. */
  head: SeoHead | null;
  /** Source modules of the matched routes' pages (keys of the Vite manifest). */
  modules: string[];
  /** Locale namespaces the page used: the browser needs them to hydrate. */
  namespaces: string[];
}

/** Renders the page at url in lang, waiting for every lazy part; as a template, if asked. */
export async function renderPage(url: string, lang: Language, template = false): Promise<RenderedPage> {
  const i18n = await i18nFor(lang);

  let head: SeoHead | null = null;
  const page = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SeoCollector.Provider value={(h) => (head = h)}>
          {/* The browser's tree but for the router, so the ids React derives from it (useId) match. */}
          <StaticRouter location={url}>
            <TemplateMode.Provider value={template}>
              <AppRoutes />
            </TemplateMode.Provider>
          </StaticRouter>
        </SeoCollector.Provider>
      </I18nextProvider>
    </StrictMode>
  );
  // The first pass waits for every lazy part of the page to load; the second renders it
  // whole, in plain HTML. (Markup of a part that suspended would need an inline script
  // to be put in place, which the Content-Security-Policy forbids.)
  const warm = await prerender(page);
  await warm.prelude.cancel();
  const html = renderToString(page);
  if (/<!--\$[?!]|<script/.test(html)) throw new Error(`${url} (${lang}): part of the page did not render ahead of time`);

  const modules = (matchRoutes(routes, url) ?? [])
    .map((m) => moduleOf(m.route.handle as SiteRoute | undefined))
    .filter((m): m is string => Boolean(m));
  // react-i18next records each namespace a component asked for.
  const used = (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces;
  const namespaces = used?.getUsedNamespaces() ?? [];
  return { html, head, modules, namespaces };
}

/**
 * The template of a route's page (its serverDraws): the page drawn at the route's
 * pattern, its one parameter the server's field Slug, with placeholders for the data the
 * server fills in (pages/service.go).
 */
export function renderTemplate(route: SiteRoute, lang: Language): Promise<RenderedPage> {
  return renderPage(route.pattern.replace(/:\w+/, placeholder('Slug')), lang, true);
}
