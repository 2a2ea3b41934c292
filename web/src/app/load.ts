// What the boot script (src/main.tsx) asks before the app is loaded: the loaders of the
// page the server sent, into the browser's one cache (app/cache.ts), which the app then
// reads. Kept apart from the app's code so that the requests start as early as they can.
import { siteInfoQuery } from '../features/site/api/site';
import { setRequestLanguage } from '../lib/api';
import { paramsOf } from '../lib/contract';
import { queryClient } from './cache';
import { loadRoute } from './loaders';

/**
 * Starts the queries of the page at path, whose route is pattern (the server chose it,
 * and the page names it), in lang, the page's language (the visitor's: ?lang=, cookie).
 */
export function loadPage(pattern: string, path: string, lang: string): void {
  setRequestLanguage(lang);
  loadRoute(queryClient, pattern, paramsOf(pattern, path), lang);
}

/** The site's settings, from the cache the app reads. */
export function loadSiteInfo() {
  return queryClient.ensureQueryData(siteInfoQuery);
}
