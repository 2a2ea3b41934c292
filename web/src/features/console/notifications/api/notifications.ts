import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { keys } from '../../api/keys';
import type { Filters, GetBody } from '../../../../lib/schemas';
import type { Notification } from '../../api/types';

/** Filters of the notification list (empty: any). */
export type NotificationFilters = Filters<'/api/admin/notifications', 'q' | 'status' | 'type' | 'priority'>;

/** A page of notifications with the counts of the screen's cards (every unexpired notification). */
export type NotificationPage = GetBody<'/api/admin/notifications'>;

/** Notifications, newest first (expired ones are hidden by the server). */
export function listNotifications(filters: NotificationFilters, signal?: AbortSignal, page = 1, size = 20): Promise<NotificationPage> {
  return api.get<NotificationPage>('/api/admin/notifications', { query: { ...filters, page, size }, signal });
}

/** Number of unread notifications. */
export async function unreadCount(signal?: AbortSignal): Promise<number> {
  return (await api.get<GetBody<'/api/admin/notifications/unread-count'>>('/api/admin/notifications/unread-count', { signal })).count;
}

/** The 5 latest notifications. */
export async function recentNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return (await api.get<GetBody<'/api/admin/notifications/recent'>>('/api/admin/notifications/recent', { signal })).items;
}

/** Sets a notification's status. */
export function setNotificationStatus(id: string, status: string) {
  return api.patch<Notification>(`/api/admin/notifications/${id}`, { status });
}

/** Deletes a notification. */
export function deleteNotification(id: string) {
  return api.delete<void>(`/api/admin/notifications/${id}`);
}

/** Sets the status of, or deletes, several notifications. */
export function bulkNotifications(ids: string[], action: 'status' | 'delete', status?: string) {
  return api.post<unknown>('/api/admin/notifications/bulk', { ids, action, status });
}

/** Marks every unread notification read. */
export function markAllRead() {
  return api.post<unknown>('/api/admin/notifications/read-all');
}

/** Invalidates every notification read (the list, its counts and the bell) once a write went through. */
function useNotificationsChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: keys.notifications });
}

/** Sets a notification's status. */
export function useNotificationStatusMutation() {
  const changed = useNotificationsChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: string }) => setNotificationStatus(id, status),
    onSuccess: changed,
  });
}

/** Deletes a notification. */
export function useDeleteNotificationMutation() {
  return useMutation({ mutationFn: deleteNotification, onSuccess: useNotificationsChanged() });
}

/** Sets the status of, or deletes, several notifications. */
export function useBulkNotificationsMutation() {
  return useMutation({
    mutationFn: ({ ids, action, status }: { ids: string[]; action: 'status' | 'delete'; status?: string }) => bulkNotifications(ids, action, status),
    onSuccess: useNotificationsChanged(),
  });
}

/** Marks every unread notification read. */
export function useMarkAllReadMutation() {
  return useMutation({ mutationFn: markAllRead, onSuccess: useNotificationsChanged() });
}

/** Notifications: a page of the list, and the bell's count and latest five. */
export const notificationQueries = {
  list: (filters: NotificationFilters, page: number, size: number) =>
    queryOptions({
      queryKey: [...keys.notificationList, filters, page, size],
      queryFn: ({ signal }) => listNotifications(filters, signal, page, size),
    }),
  unread: () => queryOptions({ queryKey: [...keys.bell, 'unread'], queryFn: ({ signal }) => unreadCount(signal) }),
  recent: () => queryOptions({ queryKey: [...keys.bell, 'recent'], queryFn: ({ signal }) => recentNotifications(signal) }),
};
