// The console's service worker, written by hand: it shows the alerts the server pushes to
// staff and, on a click, brings them to the page an alert is about. It caches nothing and
// answers no request (the console needs the network anyway), so a few lines do; only the
// console registers it, under /admin/, and the public site never loads it.
//
// A push carries JSON {"title","body","url","tag"} (the server's alerts package).

/** Where a click goes when an alert names no page of this site. */
const HOME = '/admin/';

/** The alert's page as an address of this site: path, query and fragment; HOME otherwise. */
function pageOf(url) {
  try {
    const target = new URL(url || HOME, self.location.origin);
    if (target.origin !== self.location.origin) return HOME;
    return target.pathname + target.search + target.hash;
  } catch {
    return HOME;
  }
}

/** The push's payload; a push that is not JSON shows its text. */
function payloadOf(event) {
  if (!event.data) return {};
  try {
    const data = event.data.json();
    return data && typeof data === 'object' ? data : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** Shows the alert of a push. A later alert with the same tag replaces it, and rings again. */
function showAlert(payload) {
  const tag = typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined;
  return self.registration.showNotification(typeof payload.title === 'string' && payload.title ? payload.title : 'Dota', {
    body: typeof payload.body === 'string' ? payload.body : '',
    tag,
    renotify: !!tag,
    dir: 'auto',
    icon: '/admin/icon-192.png',
    badge: '/admin/icon-192.png',
    data: { url: pageOf(payload.url) },
  });
}

/**
 * Brings staff to page: a console tab already on it is focused; else a console tab is told
 * to go there (the console navigates within the app, keeping its session and state) and
 * focused; else a new window opens on it.
 */
async function openPage(page) {
  const target = new URL(page, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = tabs.find((tab) => tab.url === target);
  const tab = same ?? tabs.find((each) => new URL(each.url).pathname.startsWith('/admin'));
  if (!tab) return self.clients.openWindow(target);
  if (!same) tab.postMessage({ type: 'dota:open', url: page });
  // Focus is allowed while a click is handled, and refused otherwise: the page has moved anyway.
  return tab.focus().catch(() => tab);
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  event.waitUntil(showAlert(payloadOf(event)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(pageOf(event.notification.data && event.notification.data.url)));
});
