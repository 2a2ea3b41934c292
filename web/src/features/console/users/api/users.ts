import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { AdminUser } from '../../api/types';

/** Fields of the create-user dialog. */
export interface NewUser {
  email: string;
  password: string;
  role: string;
  is_active: boolean;
}

/** Fields of the edit-user dialog (the e-mail cannot change). */
export interface UserEdit {
  role: string;
  is_active: boolean;
  permissions: string[];
  /** A new password; omitted to keep the current one. */
  password?: string;
}

/** Counts of the users screen's cards. */
export interface UserStats {
  total: number;
  active: number;
  admins: number;
}

/** Staff accounts, newest first, with the screen's counts. */
export async function listUsers(signal?: AbortSignal): Promise<{ items: AdminUser[]; stats: UserStats }> {
  const body = await api.get<{ items?: AdminUser[]; stats?: UserStats }>('/api/admin/users', { signal });
  const items = (body.items ?? []).map((u) => ({ ...u, permissions: Array.isArray(u.permissions) ? u.permissions : [] }));
  return {
    items,
    stats: body.stats ?? {
      total: items.length,
      active: items.filter((u) => u.is_active).length,
      admins: items.filter((u) => u.role === 'admin').length,
    },
  };
}

/** Creates a staff account. */
export function createUser(input: NewUser) {
  return api.post<AdminUser>('/api/admin/users', input);
}

/** Updates role, activity and permissions. */
export function updateUser(id: string, edit: UserEdit) {
  return api.patch<AdminUser>(`/api/admin/users/${id}`, edit);
}

/** Deletes a staff account. */
export function deleteUser(id: string) {
  return api.delete<void>(`/api/admin/users/${id}`);
}

/** Creates a staff account; the users' list is asked again. */
export function useCreateUserMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => void client.invalidateQueries({ queryKey: keys.users }) });
}

/** Updates a staff account; the users' list is asked again. */
export function useUpdateUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: UserEdit }) => updateUser(id, edit),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.users }),
  });
}

/** Deletes a staff account; the users' list is asked again. */
export function useDeleteUserMutation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => void client.invalidateQueries({ queryKey: keys.users }) });
}

/** Staff accounts with the screen's counts. */
export const userQueries = {
  list: () => queryOptions({ queryKey: keys.users, queryFn: ({ signal }) => listUsers(signal) }),
};
