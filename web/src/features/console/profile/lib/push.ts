// This browser's side of push alerts: the console's service worker (public/admin/sw.js) and
// its push subscription. The server's side (the subscription stored, the key) goes through
// ../api/alerts.ts.

/** The console's service worker and the pages it serves. */
export const WORKER_URL = '/admin/sw.js';
export const WORKER_SCOPE = '/admin/';

/** Whether this browser can receive push alerts at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window &&
    'Notification' in window && window.isSecureContext
  );
}

/** The browser's answer to notifications: granted, denied, or not asked yet (default). */
export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** The console's worker registration in this browser, if alerts were ever turned on here. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(WORKER_SCOPE);
}

/** This browser's push subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The bytes of a base64url string (a VAPID public key). */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Resolves once the registration has an active worker: a push subscription needs one. */
function activated(reg: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  if (reg.active) return Promise.resolve(reg);
  const worker = reg.installing ?? reg.waiting;
  return new Promise((resolve, reject) => {
    if (!worker) {
      reject(new Error('the service worker did not install'));
      return;
    }
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(reg);
      if (worker.state === 'redundant') reject(new Error('the service worker did not install'));
    });
  });
}

/** Why alerts could not be turned on in this browser. */
export class PushRefused extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'dismissed') {
    super(`push alerts: ${reason}`);
    this.name = 'PushRefused';
  }
}

/**
 * Asks for the permission, registers the console's worker and subscribes with the
 * server's public key (a subscription made with another key is replaced). Returns the
 * subscription as the server stores it.
 */
export async function subscribe(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushRefused('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushRefused('denied');
  if (permission !== 'granted') throw new PushRefused('dismissed');
  const reg = await activated(await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE }));
  const key = base64UrlBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Ends this browser's subscription; returns its endpoint for the server to forget, if any. */
export async function unsubscribe(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
