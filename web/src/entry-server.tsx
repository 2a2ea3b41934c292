// The prerenderer's entry (built by `vite build --ssr`, run by scripts/prerender.mjs):
// renders each public route in each language to HTML, so a visitor sees the page
// before any script runs, and the browser then hydrates it (main.tsx).
import { createInstance } from 'i18next';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { matchRoutes, StaticRouter, type RouteObject } from 'react-router';
import { AppRoutes } from './app/App';
import { routes, type RouteHandle } from './app/routes';
import { Icon, SERVICE_ICONS } from './components/ui/Icon';
import { PRERENDER_ORIGIN, SeoCollector, type SeoHead } from './features/site/hooks/useSeo';
import { DEFAULT_LANGUAGE, directionOf, lazyLocales, STORAGE_KEY, SUPPORTED_LANGUAGES, type Language } from './lib/i18n';

export { DEFAULT_LANGUAGE, directionOf, PRERENDER_ORIGIN, SUPPORTED_LANGUAGES };
/** The cookie that tells the server the visitor's language (src/lib/i18n.ts sets it). */
export const LANGUAGE_COOKIE = STORAGE_KEY;
export type { SeoHead };

/** A route as the server matches it: a prerendered page, or the app's empty shell. */
export interface ServedRoute {
  /** React Router pattern: /services/:serviceSlug, /admin/*, /* for anything else. */
  pattern: string;
  /** Whether the route's pages are prerendered (the console is not). */
  prerendered: boolean;
  /** HTTP status the page is served with. */
  status: number;
  /** Whether the page's main content comes from the API (RouteHandle.dataFirst). */
  dataFirst: boolean;
  /** What the server draws into the page it sends (RouteHandle.serverDraws). */
  serverDraws?: RouteHandle['serverDraws'];
}

/** Every route of the app, in the router's order, with what the server needs of it. */
export function servedRoutes(table: RouteObject[] = routes, parent = ''): ServedRoute[] {
  return table.flatMap((route): ServedRoute[] => {
    const pattern = route.index ? parent || '/' : join(parent, route.path ?? '');
    const handle = route.handle as RouteHandle | undefined;
    // A layout route is served by its children.
    if (route.children) return servedRoutes(route.children, pattern);
    return [
      {
        pattern,
        prerendered: Boolean(handle?.module),
        status: handle?.status ?? 200,
        dataFirst: Boolean(handle?.dataFirst),
        serverDraws: handle?.serverDraws,
      },
    ];
  });
}

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
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
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
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

/** Renders the page at url in lang, waiting for every lazy part. */
export async function renderPage(url: string, lang: Language): Promise<RenderedPage> {
  const i18n = await i18nFor(lang);

  let head: SeoHead | null = null;
  const page = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SeoCollector.Provider value={(h) => (head = h)}>
          {/* The browser's tree but for the router, so the ids React derives from it (useId) match. */}
          <StaticRouter location={url}>
            <AppRoutes />
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
    .map((m) => (m.route.handle as RouteHandle | undefined)?.module)
    .filter((m): m is string => Boolean(m));
  // react-i18next records each namespace a component asked for.
  const used = (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces;
  const namespaces = used?.getUsedNamespaces() ?? [];
  return { html, head, modules, namespaces };
}

/**
 * What the server needs, besides the service, to draw a service's page
 * (api/service_page.go): the texts of its trail and title in each language, and the
 * service icons as the app draws them.
 */
export async function serviceParts() {
  const texts: Record<string, Record<string, string>> = {};
  for (const lang of SUPPORTED_LANGUAGES) {
    const { t } = await i18nFor(lang);
    texts[lang] = {
      siteName: t('site:seo.siteName'),
      trail: t('site:crumbs.label'),
      home: t('site:crumbs.home'),
      services: t('site:crumbs.services'),
    };
  }
  const icons = Object.fromEntries(SERVICE_ICONS.map((name) => [name, renderToStaticMarkup(<Icon name={name} size={32} />)]));
  return { texts, icons };
}
