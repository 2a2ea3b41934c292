import { api } from '../../../lib/api';
import type { Project } from './types';

/** Fields of the project dialogs. */
export type ProjectInput = Omit<Project, 'id' | 'created_at' | 'updated_at'>;

/** Projects, newest first. */
export async function listProjects(q: string, status: string, signal?: AbortSignal): Promise<Project[]> {
  const body = await api.get<{ items?: Project[] } | Project[]>('/api/admin/projects', { query: { q, status }, signal });
  return Array.isArray(body) ? body : (body.items ?? []);
}

/** Creates a project. */
export function createProject(input: ProjectInput) {
  return api.post<Project>('/api/admin/projects', input);
}

/** Updates a project. */
export function updateProject(id: string, input: ProjectInput) {
  return api.patch<Project>(`/api/admin/projects/${id}`, input);
}

/** Deletes a project. */
export function deleteProject(id: string) {
  return api.delete<void>(`/api/admin/projects/${id}`);
}

/** Publishes or unpublishes a project. */
export function setPublished(id: string, published: boolean) {
  return api.put<Project>(`/api/admin/projects/${id}/published`, { published });
}
