import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { GetBody } from '../../../../lib/schemas';
import type { Project } from '../../api/types';

/** Fields of the project dialogs: a project less what the server sets (its id, times, year and video id). */
export type ProjectInput = Omit<Project, 'id' | 'created_at' | 'updated_at' | 'year' | 'youtube_id'>;

/** A page of projects. */
export type ProjectPage = GetBody<'/api/admin/projects'>;

/** A page of projects, newest first. */
export function listProjects(q: string, status: string, signal?: AbortSignal, page = 1, size = 20): Promise<ProjectPage> {
  return api.get<ProjectPage>('/api/admin/projects', { query: { q, status, page, size }, signal });
}

/** Creates a project. */
export function createProject(input: ProjectInput) {
  return api.post<{ project: Project }>('/api/admin/projects', input);
}

/** Updates a project. */
export function updateProject(id: string, input: ProjectInput) {
  return api.patch<{ project: Project }>(`/api/admin/projects/${id}`, input);
}

/** Deletes a project. */
export function deleteProject(id: string) {
  return api.delete<void>(`/api/admin/projects/${id}`);
}

/** Publishes or unpublishes a project. */
export function setPublished(id: string, published: boolean) {
  return api.put<{ project: Project }>(`/api/admin/projects/${id}/published`, { published });
}

/** Creates a project (without id) or updates one; the projects' lists are asked again. */
export function useSaveProjectMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ProjectInput }) => (id ? updateProject(id, input) : createProject(input)),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.projects }),
  });
}

/** Deletes a project; the projects' lists are asked again. */
export function useDeleteProjectMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.projects }),
  });
}

/** Publishes or unpublishes a project (the screen shows the change at once and puts it back on a refusal). */
export function usePublishProjectMutation() {
  return useMutation({ mutationFn: ({ id, published }: { id: string; published: boolean }) => setPublished(id, published) });
}

/** Projects: a page of the list (searched by q, filtered by status). */
export const projectQueries = {
  list: (q: string, status: string, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.projects, q, status, page, size],
      queryFn: ({ signal }) => listProjects(q, status, signal, page, size),
    }),
};
