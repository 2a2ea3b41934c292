import { useCallback, useEffect, useState } from 'react';
import type { AlertPreferences } from '../api/alerts';
import { useAddPushSubscriptionMutation, useRemovePushSubscriptionMutation } from '../api/alerts';
import { currentSubscription, notificationPermission, PushRefused, pushSupported, subscribe, unsubscribe } from '../lib/push';

/**
 * Where push alerts stand in this browser:
 * - checking: the browser's subscription is being read;
 * - unsupported: this browser (or an address without HTTPS) cannot receive them;
 * - server-off: the server has no VAPID keys, push is off for everyone;
 * - denied: the browser blocks Dota's notifications (only its own settings can lift it);
 * - off / on: this browser is not / is subscribed, for this user.
 */
export type BrowserPushState = 'checking' | 'unsupported' | 'server-off' | 'denied' | 'off' | 'on';

/** What the last attempt to turn alerts on or off ended with, when it did not succeed. */
export type BrowserPushFailure = { kind: 'dismissed' } | { kind: 'failed'; turning: 'on' | 'off'; message: string };

/** What went wrong, in the browser's words (a DOMException's message too). */
function messageOf(err: unknown): string {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : String(err);
}

/**
 * This browser's push alerts for the signed-in user: their state, and turning them on
 * (permission, the console's service worker, a subscription with the server's key, stored
 * by the server) or off (unsubscribed here, forgotten by the server).
 */
export function useBrowserPush(preferences: AlertPreferences | undefined) {
  const supported = pushSupported();
  // undefined while the browser's subscription is being read.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(supported ? undefined : null);
  const [permission, setPermission] = useState(notificationPermission);
  const [failure, setFailure] = useState<BrowserPushFailure | null>(null);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const add = useAddPushSubscriptionMutation();
  const remove = useRemovePushSubscriptionMutation();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [supported]);

  const known = !!endpoint && !!preferences?.subscriptions.some((s) => s.endpoint === endpoint);
  let state: BrowserPushState;
  if (!supported) state = 'unsupported';
  else if (!preferences || endpoint === undefined) state = 'checking';
  else if (!preferences.push.enabled) state = 'server-off';
  else if (permission === 'denied') state = 'denied';
  else state = known ? 'on' : 'off';

  const publicKey = preferences?.push.public_key ?? '';
  const { mutateAsync: store } = add;
  const { mutateAsync: forget } = remove;

  const turnOn = useCallback(async () => {
    setBusy('on');
    setFailure(null);
    try {
      const subscription = await subscribe(publicKey);
      await store({
        endpoint: subscription.endpoint ?? '',
        keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
      });
      setEndpoint(subscription.endpoint ?? null);
      setPermission(notificationPermission());
      return true;
    } catch (err) {
      setPermission(notificationPermission());
      if (err instanceof PushRefused && err.reason === 'denied') return false;
      if (err instanceof PushRefused && err.reason === 'dismissed') setFailure({ kind: 'dismissed' });
      else setFailure({ kind: 'failed', turning: 'on', message: messageOf(err) });
      return false;
    } finally {
      setBusy(null);
    }
  }, [publicKey, store]);

  const turnOff = useCallback(async () => {
    setBusy('off');
    setFailure(null);
    try {
      const ended = (await unsubscribe()) ?? endpoint;
      if (ended) await forget(ended);
      setEndpoint(null);
      return true;
    } catch (err) {
      setFailure({ kind: 'failed', turning: 'off', message: messageOf(err) });
      return false;
    } finally {
      setBusy(null);
    }
  }, [endpoint, forget]);

  return { state, busy, failure, turnOn, turnOff, endpoint: endpoint ?? null };
}
