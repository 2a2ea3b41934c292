// The public site's reads, one query per resource, with the options of the api files:
// the route loaders (app/loaders.ts) ask with the same options, so a page's screens take
// the answers its loader asked for, from the one cache.
import { useTranslation } from 'react-i18next';
import { useDeferredQuery, type Resource } from '../../../lib/query';
import { catalogueQueries, sentService, type Project, type Service } from '../api/catalogue';
import { siteInfoQuery, type SiteInfo } from '../api/site';

/** The language the answers are in: the request's, which follows the interface's. */
function useAnswerLanguage(): string | undefined {
  return useTranslation().i18n.resolvedLanguage;
}

/** Active services, newest first or by name (at most limit); none when the server fails. */
export function useServices(order: 'recent' | 'name', limit?: number): Resource<Service[]> {
  return useDeferredQuery(catalogueQueries.services(order, limit, useAnswerLanguage()));
}

/**
 * One service by its slug. A page the server drew with its service (pages/service.go)
 * is taken over showing it, from the cache the page's data was put in (app/cache.ts).
 */
export function useService(slug: string): Resource<Service> {
  const lang = useAnswerLanguage();
  return useDeferredQuery(catalogueQueries.service(slug, lang), sentService(slug, lang) !== undefined);
}

/** Published projects that use a service; none when the server fails. */
export function useServiceProjects(slug: string): Resource<Project[]> {
  return useDeferredQuery(catalogueQueries.serviceProjects(slug, useAnswerLanguage()));
}

/** Published projects, newest first; none when the server fails. */
export function useProjects(): Resource<Project[]> {
  return useDeferredQuery(catalogueQueries.projects(useAnswerLanguage()));
}

/** One published project. */
export function useProject(id: string): Resource<Project> {
  return useDeferredQuery(catalogueQueries.project(id, useAnswerLanguage()));
}

/** The site's public settings; null when unknown (a failure counts as "not in maintenance"). */
export function useSiteSettings(): Resource<SiteInfo | null> {
  return useDeferredQuery(siteInfoQuery);
}
