import { api } from '../../../lib/api';
import { pageData } from '../../../lib/pageData';
import type { Schemas } from '../../../lib/schemas';

/** One question of a service's FAQ. */
export interface QA {
  question: string;
  answer: string;
}

/** A service as GET /api/services returns it, resolved for the request's language. */
export interface Service {
  id: string;
  slug: string;
  name: string;
  description: string;
  icon: string;
  category: string;
  tags: string[];
  details: string;
  /** The details HTML, sanitized by the server, split at the service-features marker. */
  details_blocks: [string, string];
  qa: QA[];
  is_active: boolean;
  created_at: string;
}

/** A published project as the visitor sees it. */
export type Project = Schemas['PublicProject'];

interface Items<T> {
  items: T[];
}

/** Active services, newest first or by name. */
export async function listServices(
  order: 'recent' | 'name',
  limit?: number,
  signal?: AbortSignal,
): Promise<Service[]> {
  const res = await api.get<Items<Service>>('/api/services', { query: { order, limit }, signal });
  return res.items;
}

/** One active service by its slug. */
export function getService(slug: string, signal?: AbortSignal): Promise<Service> {
  return api.get<Service>(`/api/services/${encodeURIComponent(slug)}`, { signal });
}

/** The service the page was sent with (pages/service.go), when it is slug's in lang. */
export function sentService(slug: string, lang: string | undefined): Service | undefined {
  const service = pageData<Service>('service', lang);
  return service?.slug === slug ? service : undefined;
}

/** Published projects that use a service. */
export async function listServiceProjects(slug: string, signal?: AbortSignal): Promise<Project[]> {
  const res = await api.get<Items<Project>>(`/api/services/${encodeURIComponent(slug)}/projects`, { signal });
  return res.items;
}

/** Published projects, newest first. */
export async function listProjects(signal?: AbortSignal): Promise<Project[]> {
  const res = await api.get<Items<Project>>('/api/projects', { signal });
  return res.items;
}

/** One published project. */
export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get<Project>(`/api/projects/${encodeURIComponent(id)}`, { signal });
}
