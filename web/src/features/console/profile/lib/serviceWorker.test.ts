// The console's service worker (public/admin/sw.js), run in a stand-in of its global scope:
// what it shows for a push, and where a click on the alert takes staff.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import source from '../../../../../public/admin/sw.js?raw';

const ORIGIN = 'https://dota.example';

interface Tab {
  url: string;
  postMessage: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

/** A stand-in of the worker's global scope, with the script run in it. */
function worker(tabs: Tab[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const scope = {
    location: new URL(`${ORIGIN}/admin/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    skipWaiting: vi.fn(async () => {}),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => tabs),
      openWindow: vi.fn(async (url: string) => ({ url })),
    },
  };
  new Function('self', source)(scope);
  /** Dispatches an event and waits for what it asked to wait for. */
  const dispatch = async (type: string, fields: object) => {
    const waits: Promise<unknown>[] = [];
    listeners[type]({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { scope, dispatch };
}

/** A push whose data is text. */
function push(text: string) {
  return { data: { text: () => text, json: () => JSON.parse(text) } };
}

function tab(path: string): Tab {
  return { url: ORIGIN + path, postMessage: vi.fn(), focus: vi.fn(async function (this: Tab) { return this; }) };
}

/** A click on an alert whose data names url. */
function click(url: unknown) {
  return { notification: { close: vi.fn(), data: { url } } };
}

describe('the console’s service worker', () => {
  let tabs: Tab[];
  beforeEach(() => {
    tabs = [];
  });

  it('shows a push’s title and body, replacing the alert of the same tag, with its page kept', async () => {
    const { scope, dispatch } = worker();
    const payload = { title: 'Un visiteur attend', body: 'Amine demande une personne', url: '/admin/conversations?open=c1', tag: 'handoff:c1' };
    await dispatch('push', push(JSON.stringify(payload)));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Un visiteur attend', expect.objectContaining({
      body: 'Amine demande une personne',
      tag: 'handoff:c1',
      renotify: true,
      data: { url: '/admin/conversations?open=c1' },
    }));
  });

  it('shows a push that is not JSON as its text, under the product’s name, opening the console', async () => {
    const { scope, dispatch } = worker();
    await dispatch('push', push('hello'));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Dota', expect.objectContaining({
      body: 'hello',
      tag: undefined,
      renotify: false,
      data: { url: '/admin/' },
    }));
  });

  it('never sends a click to another site', async () => {
    const { scope, dispatch } = worker();
    await dispatch('push', push(JSON.stringify({ title: 't', body: 'b', url: 'https://evil.example/admin' })));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('t', expect.objectContaining({ data: { url: '/admin/' } }));
  });

  it('opens a window on the alert’s page when no console tab is open', async () => {
    tabs.push(tab('/services'));
    const { scope, dispatch } = worker(tabs);
    const event = click('/admin/conversations?open=c1');
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/conversations?open=c1`);
    expect(tabs[0].postMessage).not.toHaveBeenCalled();
  });

  it('tells an open console tab to go to the page, and focuses it', async () => {
    tabs.push(tab('/'), tab('/admin/profile'));
    const { scope, dispatch } = worker(tabs);
    await dispatch('notificationclick', click('/admin/appointments?open=a1'));
    expect(tabs[1].postMessage).toHaveBeenCalledWith({ type: 'dota:open', url: '/admin/appointments?open=a1' });
    expect(tabs[1].focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('focuses the tab already on the page, without moving another', async () => {
    tabs.push(tab('/admin/profile'), tab('/admin/conversations?open=c1'));
    const { scope, dispatch } = worker(tabs);
    await dispatch('notificationclick', click('/admin/conversations?open=c1'));
    expect(tabs[1].focus).toHaveBeenCalled();
    expect(tabs[0].postMessage).not.toHaveBeenCalled();
    expect(tabs[1].postMessage).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('still moves the tab when focus is refused (no click being handled)', async () => {
    const refusing = tab('/admin/dashboard');
    refusing.focus.mockRejectedValue(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'));
    const { dispatch } = worker([refusing]);
    await dispatch('notificationclick', click('/admin/conversations?open=c2'));
    expect(refusing.postMessage).toHaveBeenCalledWith({ type: 'dota:open', url: '/admin/conversations?open=c2' });
  });
});
