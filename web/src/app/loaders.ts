// The route loaders of the public site: what each page reads first, asked with the very
// query options its screens use (features/site/api), into the one query cache. The boot
// script runs the loader of the page the server sent together with fetching the app's
// code (app/load.ts); the app runs the loader of each page it goes to, while the page's
// code loads (app/App.tsx). A screen drawn meanwhile takes the loader's answer, or waits
// for the same request.
import type { QueryClient } from '@tanstack/query-core';
import { catalogueQueries } from '../features/site/api/catalogue';
import { siteInfoQuery } from '../features/site/api/site';

export type Params = Partial<Record<string, string>>;

/** A route's loader: starts its page's queries in lang. */
type Loader = (client: QueryClient, params: Params, lang: string | undefined) => Promise<unknown>;

const { services, service, serviceProjects, projects, project } = catalogueQueries;

/** Route pattern (lib/routes.json) → the loader of its page. */
export const loaders: Partial<Record<string, Loader>> = {
  '/': (client, _, lang) =>
    Promise.all([client.ensureQueryData(services('recent', undefined, lang)), client.ensureQueryData(projects(lang))]),
  '/services': (client, _, lang) => client.ensureQueryData(services('name', undefined, lang)),
  '/services/:serviceSlug': (client, { serviceSlug = '' }, lang) =>
    Promise.all([
      // The page may have been sent with its service (pages/service.go): it is in the cache.
      client.ensureQueryData(service(serviceSlug, lang)),
      client.ensureQueryData(serviceProjects(serviceSlug, lang)),
    ]),
  '/projects': (client, _, lang) => client.ensureQueryData(projects(lang)),
  '/projects/:projectId': (client, { projectId = '' }, lang) => client.ensureQueryData(project(projectId, lang)),
};

/** The loader of the frame around every public page: the site's settings, the footer's services. */
const frame: Loader = (client, _, lang) =>
  Promise.all([client.ensureQueryData(siteInfoQuery), client.ensureQueryData(services('name', undefined, lang))]);

/**
 * Runs the loaders of the frame and of the public page at pattern, with its params (none
 * when the address does not fit it). A failure is the screens' to report: they ask again
 * when they are drawn.
 */
export function loadRoute(client: QueryClient, pattern: string, params: Params | null, lang: string | undefined): void {
  frame(client, {}, lang).catch(() => {});
  if (params) loaders[pattern]?.(client, params, lang).catch(() => {});
}
