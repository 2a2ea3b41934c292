import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, request } from '../../../../lib/api';
import type { paths } from '../../../../lib/api-schema';
import type { Schemas } from '../../../../lib/schemas';
import { keys } from '../../api/keys';

/** The signed-in user's alerts: choices per event, push and e-mail on the server, browsers subscribed. */
export type AlertPreferences = Schemas['AlertPreferences'];

/** How one event reaches the user. */
export type AlertChoice = Schemas['AlertChoice'];

/** The JSON body a write of path with method takes. */
type BodyOf<P extends keyof paths, M extends 'put' | 'post'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** What the user changes: the alerts' language and some choices. */
export type AlertPreferencesInput = BodyOf<'/api/admin/me/alerts', 'put'>;

/** A browser's push subscription, as the browser gives it (PushSubscription.toJSON()). */
export type PushSubscriptionInput = BodyOf<'/api/admin/me/push-subscriptions', 'post'>;

/** The user's alert preferences. */
export function getMyAlerts(signal?: AbortSignal): Promise<AlertPreferences> {
  return api.get<AlertPreferences>('/api/admin/me/alerts', { signal });
}

/** Saves the alerts' language and choices; returns the preferences as stored. */
export function saveMyAlerts(input: AlertPreferencesInput): Promise<AlertPreferences> {
  return api.put<AlertPreferences>('/api/admin/me/alerts', input);
}

/** Stores this browser's push subscription for the user. */
export function addPushSubscription(subscription: PushSubscriptionInput): Promise<Schemas['PushSubscription']> {
  return api.post<Schemas['PushSubscription']>('/api/admin/me/push-subscriptions', subscription);
}

/**
 * Forgets a browser's push subscription. One the server no longer holds (it dropped it
 * when the push service said it had expired) is forgotten already.
 */
export async function removePushSubscription(endpoint: string): Promise<void> {
  try {
    await request<void>('/api/admin/me/push-subscriptions', { method: 'DELETE', body: { endpoint } });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}

/** Saves the choices; what was stored becomes the preferences' data. */
export function useSaveMyAlertsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMyAlerts,
    onSuccess: (saved) => client.setQueryData(keys.myAlerts, saved),
  });
}

/** The preferences with their list of browsers changed by change, if they are loaded. */
function withSubscriptions(
  client: ReturnType<typeof useQueryClient>,
  change: (list: AlertPreferences['subscriptions']) => AlertPreferences['subscriptions'],
) {
  client.setQueryData<AlertPreferences>(keys.myAlerts, (prev) => prev && { ...prev, subscriptions: change(prev.subscriptions) });
}

/**
 * Stores a subscription: it joins the user's browsers at once, and the preferences are
 * asked again.
 */
export function useAddPushSubscriptionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPushSubscription,
    onSuccess: (saved) => withSubscriptions(client, (list) => [...list.filter((s) => s.endpoint !== saved.endpoint), saved]),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.myAlerts }),
  });
}

/** Forgets a subscription: it leaves the user's browsers at once, and the preferences are asked again. */
export function useRemovePushSubscriptionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePushSubscription,
    onSuccess: (_, endpoint) => withSubscriptions(client, (list) => list.filter((s) => s.endpoint !== endpoint)),
    onSettled: () => void client.invalidateQueries({ queryKey: keys.myAlerts }),
  });
}

/** The user's alert preferences. */
export const myAlertQueries = {
  preferences: () => queryOptions({ queryKey: keys.myAlerts, queryFn: ({ signal }) => getMyAlerts(signal) }),
};
