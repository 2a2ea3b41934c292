import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Answer, GetBody, RequestBody } from '../../../../lib/schemas';

/** Fields of the create-user dialog. */
export type NewUser = RequestBody<'/api/admin/users', 'post'>;

/** Fields of the edit-user dialog (the e-mail cannot change); a password only to change it. */
export type UserEdit = RequestBody<'/api/admin/users/{id}', 'patch'>;

/** Staff accounts, newest first, with the counts of the screen's cards. */
export type UserList = GetBody<'/api/admin/users'>;

/** Staff accounts, newest first, with the screen's counts. */
export function listUsers(signal?: AbortSignal): Promise<UserList> {
  return api.get<UserList>('/api/admin/users', { signal });
}

/** Creates a staff account. */
export function createUser(input: NewUser) {
  return api.post<Answer<'/api/admin/users', 'post'>>('/api/admin/users', input);
}

/** Updates role, activity and permissions. */
export function updateUser(id: string, edit: UserEdit) {
  return api.patch<Answer<'/api/admin/users/{id}', 'patch'>>(`/api/admin/users/${id}`, edit);
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
