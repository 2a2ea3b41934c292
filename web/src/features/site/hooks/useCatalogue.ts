// The public site's reads, one query per resource. Each calls the API as the prefetch of
// app/prefetch.ts does, so a page that was prefetched takes those answers (lib/api.ts).
import { useTranslation } from 'react-i18next';
import { useDeferredQuery, type Resource } from '../../../lib/query';
import {
  getProject,
  getService,
  listProjects,
  listServiceProjects,
  listServices,
  sentService,
  type Project,
  type Service,
} from '../api/catalogue';
import { getSiteInfo, type SiteInfo } from '../api/site';

/** The language the answers are in: the request's, which follows the interface's. */
function useAnswerLanguage(): string | undefined {
  return useTranslation().i18n.resolvedLanguage;
}

/** Active services, newest first or by name (at most limit); none when the server fails. */
export function useServices(order: 'recent' | 'name', limit?: number): Resource<Service[]> {
  const lang = useAnswerLanguage();
  return useDeferredQuery(['services', order, limit ?? null, lang], (signal) =>
    listServices(order, limit, signal).catch(() => []),
  );
}

/**
 * One service by its slug. A page the server drew with its service (pages/service.go)
 * starts with it and does not ask again.
 */
export function useService(slug: string): Resource<Service> {
  const lang = useAnswerLanguage();
  return useDeferredQuery(['service', slug, lang], (signal) => getService(slug, signal), sentService(slug, lang));
}

/** Published projects that use a service; none when the server fails. */
export function useServiceProjects(slug: string): Resource<Project[]> {
  const lang = useAnswerLanguage();
  return useDeferredQuery(['service-projects', slug, lang], (signal) => listServiceProjects(slug, signal).catch(() => []));
}

/** Published projects, newest first; none when the server fails. */
export function useProjects(): Resource<Project[]> {
  const lang = useAnswerLanguage();
  return useDeferredQuery(['projects', lang], (signal) => listProjects(signal).catch(() => []));
}

/** One published project. */
export function useProject(id: string): Resource<Project> {
  const lang = useAnswerLanguage();
  return useDeferredQuery(['project', id, lang], (signal) => getProject(id, signal));
}

/** The site's public settings; null when unknown (a failure counts as "not in maintenance"). */
export function useSiteSettings(): Resource<SiteInfo | null> {
  return useDeferredQuery(['site-info'], (signal) => getSiteInfo(signal).catch(() => null));
}
