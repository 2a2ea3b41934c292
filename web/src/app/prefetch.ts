// What the public pages load first, started by the boot script (main.tsx) together with
// the app's code instead of after it. Keys are patterns of the site's routes
// (routes.json); the calls are the ones the pages make, so the pages take these answers
// (lib/api.ts prefetch).
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
import { paramsOf } from '../lib/contract';

type Params = Record<string, string>;

/** Route pattern → the requests its page sends as soon as it is drawn. */
export const pageData: Partial<Record<string, (params: Params) => Promise<unknown>>> = {
  '/': () => Promise.all([listServices('recent'), listProjects()]),
  '/services': () => listServices('name'),
  '/services/:serviceSlug': ({ serviceSlug = '' }) =>
    Promise.all([
      // The page may have been sent with its service (pages/service.go).
      sentService(serviceSlug, getRequestLanguage()) ?? getService(serviceSlug),
      listServiceProjects(serviceSlug),
    ]),
  '/projects': () => listProjects(),
  '/projects/:projectId': ({ projectId = '' }) => getProject(projectId),
};

/** The requests of the frame around every page: the site's settings, the footer's services. */
const frameData = () => Promise.all([getSiteInfo(), listServices('name')]);

/**
 * Starts the requests of the page at path, whose route is pattern (the server chose it,
 * and the page names it), and of its frame.
 */
export function prefetchPage(pattern: string, path: string): void {
  prefetch(frameData);
  const load = pageData[pattern];
  const params = load ? paramsOf(pattern, path) : null;
  if (load && params) prefetch(() => load(params));
}
