// What the public pages load first, started by the boot script (main.tsx) together with
// the app's code instead of after it. Keys are route patterns of routes.tsx; the calls
// are the ones the pages make, so the pages take these answers (lib/api.ts prefetch).
import { getRequestLanguage, prefetch } from '../lib/api';
import {
  getProject,
  getService,
  listProjects,
  listServiceProjects,
  listServices,
  sentService,
} from '../features/site/api/catalogue';
import { getSiteInfo } from '../features/site/api/site';

type Params = Record<string, string>;

/** Route pattern → the requests its page sends as soon as it is drawn. */
export const pageData: Partial<Record<string, (params: Params) => Promise<unknown>>> = {
  '/': () => Promise.all([listServices('recent'), listProjects()]),
  '/services': () => listServices('name'),
  '/services/:serviceSlug': ({ serviceSlug = '' }) =>
    Promise.all([
      // The page may have been sent with its service (api/service_page.go).
      sentService(serviceSlug, getRequestLanguage()) ?? getService(serviceSlug),
      listServiceProjects(serviceSlug),
    ]),
  '/projects': () => listProjects(),
  '/projects/:projectId': ({ projectId = '' }) => getProject(projectId),
};

/** The values of a pattern's :params in a path, or null when the path does not fit it. */
export function paramsOf(pattern: string, path: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]);
    else if (segment !== have[i]) return null;
  }
  return params;
}

/** The requests of the frame around every page: the site's settings, the footer's services. */
const frameData = () => Promise.all([getSiteInfo(), listServices('name')]);

/** Starts the requests of the page at path, whose route is pattern, and of its frame. */
export function prefetchPage(pattern: string, path: string): void {
  prefetch(frameData);
  const load = pageData[pattern];
  const params = load ? paramsOf(pattern, path) : null;
  if (load && params) prefetch(() => load(params));
}
