import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, matchRoutes, useLocation, useRoutes } from 'react-router';
import type { SiteRoute } from '../lib/contract';
import { QueryProvider } from '../lib/query';
import { loadRoute } from './loaders';
import { routes } from './routes';

/** Runs the loader of each public page the app goes to, while the page's code loads (app/loaders.ts). */
function useRouteLoaders() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const lang = useTranslation().i18n.resolvedLanguage;
  useEffect(() => {
    const matches = matchRoutes(routes, pathname) ?? [];
    const page = matches.at(-1);
    const route = page?.route.handle as SiteRoute | undefined;
    if (route?.module) loadRoute(client, route.pattern, page!.params, lang);
  }, [client, pathname, lang]);
}

function RouteTable() {
  useRouteLoaders();
  return useRoutes(routes);
}

/**
 * The route table, drawn for the current location (browser, prerenderer and tests),
 * under the server-state layer both the public site and the console read through: the
 * browser's app passes the cache its loaders fill (app/cache.ts); without one, the tree
 * starts with an empty cache of its own.
 */
export function AppRoutes({ client }: { client?: QueryClient }) {
  return (
    <QueryProvider client={client}>
      <RouteTable />
    </QueryProvider>
  );
}

/** The application: the route table over the browser's history, reading the one cache. */
export function App({ client }: { client: QueryClient }) {
  return (
    <BrowserRouter>
      <AppRoutes client={client} />
    </BrowserRouter>
  );
}
