import { api } from '../../../lib/api';
import type { AdminUser } from './types';

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
}

/** Staff accounts, newest first. */
export async function listUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  const body = await api.get<{ items?: AdminUser[] } | AdminUser[]>('/api/admin/users', { signal });
  const list = Array.isArray(body) ? body : (body.items ?? []);
  return list.map((u) => ({ ...u, permissions: Array.isArray(u.permissions) ? u.permissions : [] }));
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
