// The site's routes and languages (routes.json), the one table the app and the Go page
// server (pages/contract.go) both read: the browser router is built from it
// (app/routes.tsx), the prerenderer writes a page per route and language
// (scripts/prerender.mjs), and the server picks the page of each address with it. The
// boot script reads it too (lib/language.ts, app/load.ts), so this module stays
// small and imports nothing else.
import table from './routes.json';

/** One route of the site. */
export interface SiteRoute {
  /** React Router pattern: static segments, :params, and a final * for the rest of a path. */
  pattern: string;
  /** The page drawn at the address: features/site/pages/<module>.tsx, its `export` (default when absent). */
  module?: string;
  export?: string;
  /** The console, drawn in the browser only (features/console). */
  app?: 'console';
  /**
   * Name of the route's prerendered pages, dist/pages/<lang>/<page>.html. A route without
   * one is drawn in the browser only: the server sends the app's empty shell.
   */
  page?: string;
  /** HTTP status of the page (the not-found page answers 404); 200 when absent. */
  status?: number;
  /**
   * The page's main content comes from the API (a list, a detail): its code is fetched
   * along with the page rather than once the prerendered page is painted.
   */
  dataFirst?: boolean;
  /**
   * The server sends the page filled with its data: the prerenderer also writes the
   * page's template, dist/pages/<lang>/<page>.tmpl (features/site/components/Template.tsx).
   */
  serverDraws?: 'service';
  /** The catalogue whose items each have a page at this pattern: the sitemap lists them. */
  sitemap?: 'services' | 'projects';
  /**
   * The address holds a secret (a manage link's token): the server sends this path, and
   * every path below its static start, as the shell that no cache, search engine or
   * Referer keeps.
   */
  private?: boolean;
}

/** The whole table. */
export interface Contract {
  /** Languages of the site, in switcher order. */
  languages: string[];
  /** Language of a first visit, of any missing text, and of addresses without ?lang=. */
  defaultLanguage: string;
  /** The cookie (and localStorage key) that remembers the visitor's language. */
  languageCookie: string;
  /** The origin prerendered pages are written with; the server puts the site's in its place. */
  prerenderOrigin: string;
  /** Routes in matching order (the server takes the first that fits). */
  routes: SiteRoute[];
}

/** The site's routes and languages. */
export const contract: Contract = table as Contract;

/** A page's address in a language: the default language's has no ?lang= (pages/contract.go pageURL). */
export function pageUrl(origin: string, path: string, lang: string): string {
  return lang === contract.defaultLanguage ? `${origin}${path}` : `${origin}${path}?lang=${lang}`;
}

/** The values of a pattern's :params in a path, or null when the path does not fit it. */
export function paramsOf(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]);
    else if (segment !== have[i]) return null;
  }
  return params;
}
