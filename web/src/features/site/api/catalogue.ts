import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dehydrated, pageData, sentLanguage } from '../../../lib/pageData';
import type { DehydratedState } from '@tanstack/query-core';
import type { Schemas } from '../../../lib/schemas';

/** One question of a service's FAQ. */
export type QA = Schemas['QA'];

/** A service as GET /api/services returns it, resolved for the request's language. */
export type Service = Schemas['ServiceView'];

/** A published project as the visitor sees it. */
export type Project = Schemas['PublicProject'];

/** Active services, newest first or by name. */
export async function listServices(
  order: 'recent' | 'name',
  limit?: number,
  signal?: AbortSignal,
): Promise<Service[]> {
  // Without ?raw=1 the items are in the request's language (ServiceView).
  const res = await api.get<{ items: Service[] }>('/api/services', { query: { order, limit }, signal });
  return res.items;
}

/** One active service by its slug. */
export function getService(slug: string, signal?: AbortSignal): Promise<Service> {
  return api.get<Service>(`/api/services/${encodeURIComponent(slug)}`, { signal });
}

/** Published projects that use a service. */
export async function listServiceProjects(slug: string, signal?: AbortSignal): Promise<Project[]> {
  const res = await api.get<Schemas['PublicProjectList']>(`/api/services/${encodeURIComponent(slug)}/projects`, { signal });
  return res.items;
}

/** Published projects, newest first. */
export async function listProjects(signal?: AbortSignal): Promise<Project[]> {
  const res = await api.get<Schemas['PublicProjectList']>('/api/projects', { signal });
  return res.items;
}

/** One published project. */
export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get<Project>(`/api/projects/${encodeURIComponent(id)}`, { signal });
}

/**
 * How long a public answer stays fresh: a route's loader asks as the page starts, and its
 * screens, drawn a moment later, take that answer instead of asking again.
 */
export const SITE_FRESH_MS = 60_000;

/**
 * The catalogue's queries, read by the screens (hooks/useCatalogue.ts) and the route
 * loaders (app/loaders.ts) alike. Each key ends with the language of its answers; lists
 * count as empty when the server fails.
 */
export const catalogueQueries = {
  services: (order: 'recent' | 'name', limit: number | undefined, lang: string | undefined) =>
    queryOptions({
      queryKey: ['services', order, limit ?? null, lang],
      queryFn: ({ signal }) => listServices(order, limit, signal).catch((): Service[] => []),
      staleTime: SITE_FRESH_MS,
    }),
  service: (slug: string, lang: string | undefined) =>
    queryOptions({
      queryKey: ['service', slug, lang],
      queryFn: ({ signal }) => getService(slug, signal),
      staleTime: SITE_FRESH_MS,
    }),
  serviceProjects: (slug: string, lang: string | undefined) =>
    queryOptions({
      queryKey: ['service-projects', slug, lang],
      queryFn: ({ signal }) => listServiceProjects(slug, signal).catch((): Project[] => []),
      staleTime: SITE_FRESH_MS,
    }),
  projects: (lang: string | undefined) =>
    queryOptions({
      queryKey: ['projects', lang],
      queryFn: ({ signal }) => listProjects(signal).catch((): Project[] => []),
      staleTime: SITE_FRESH_MS,
    }),
  project: (id: string, lang: string | undefined) =>
    queryOptions({
      queryKey: ['project', id, lang],
      queryFn: ({ signal }) => getProject(id, signal),
      staleTime: SITE_FRESH_MS,
    }),
};

/** The service the page was sent with (pages/service.go), when it is slug's in lang. */
export function sentService(slug: string, lang: string | undefined): Service | undefined {
  const service = pageData<Service>('service', lang);
  return service?.slug === slug ? service : undefined;
}

/** What the page was sent with, under the keys of the queries that read it. */
export function sentQueries(): DehydratedState {
  const lang = sentLanguage();
  const service = pageData<Service>('service', lang);
  return dehydrated(service ? [[catalogueQueries.service(service.slug, lang).queryKey, service]] : []);
}
