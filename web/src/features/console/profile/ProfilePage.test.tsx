import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { useToasts } from '../../../components/ui/toast';
import { json, renderConsoleAt, resetConsole } from '../testing';
import type { AlertPreferences } from './api/alerts';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** A VAPID public key as the server gives it (base64url, an uncompressed P-256 point). */
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example/send/abc';

const me = {
  user: { id: 'u1', email: 'moderator@dota.test', role: 'moderator', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['dashboard', 'conversations'],
  permissions: [],
  csrf_token: 'tok',
};

function preferences(patch: Partial<AlertPreferences> = {}): AlertPreferences {
  return {
    language: 'fr',
    choices: [
      { event: 'visitor_waiting', channel: 'push', outside_hours: false, default: true },
      { event: 'new_booking', channel: 'push', outside_hours: false, default: true },
    ],
    push: { enabled: true, public_key: PUBLIC_KEY },
    email: { enabled: true, configured: true },
    subscriptions: [],
    ...patch,
  };
}

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** A browser's push machinery, as much of it as the profile uses. */
function fakeBrowser({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission, subscribed = false } = {}) {
  let subscription: { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON: () => unknown; unsubscribe: ReturnType<typeof vi.fn> } | null = null;
  const make = (key: ArrayBuffer | null) => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p256', auth: 'auth' } }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  });
  if (subscribed) subscription = make(null);
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array; userVisibleOnly?: boolean }) => {
      subscription = make(applicationServerKey.slice().buffer);
      return subscription;
    }),
  };
  const registration = { active: { state: 'activated' }, pushManager };
  let registered = subscribed;
  const serviceWorker = {
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    startMessages: vi.fn(),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
  return { serviceWorker, pushManager, notification };
}

describe('the profile’s alerts', () => {
  let calls: Call[];
  let stored: AlertPreferences;
  let subscribeAnswer: () => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    calls = [];
    stored = preferences();
    subscribeAnswer = () => json(201, { endpoint: ENDPOINT, user_agent: 'test', created_at: '2026-11-27T10:00:00Z' });
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (url.startsWith('/api/admin/me/alerts')) {
          calls.push({ method, url, body });
          if (method === 'PUT') {
            const changed = new Map((body.choices as AlertPreferences['choices']).map((c) => [c.event, c]));
            stored = {
              ...stored,
              language: body.language,
              choices: stored.choices.map((c) => (changed.has(c.event) ? { ...changed.get(c.event)!, default: false } : c)),
            };
          }
          return json(200, stored);
        }
        if (url.startsWith('/api/admin/me/push-subscriptions')) {
          calls.push({ method, url, body });
          if (method === 'POST') {
            const answer = subscribeAnswer();
            if (answer.ok) stored = { ...stored, subscriptions: [{ endpoint: body.endpoint, user_agent: 'test', created_at: '2026-11-27T10:00:00Z' }] };
            return answer;
          }
          stored = { ...stored, subscriptions: [] };
          return new Response(null, { status: 204 });
        }
        if (url.startsWith('/api/admin/me')) return json(200, me);
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(() => {
    resetConsole();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    delete (window as { isSecureContext?: unknown }).isSecureContext;
  });

  const alerts = async () => within((await screen.findByRole('heading', { name: 'Alertes hors de la console' })).closest('section')!);

  it('turns alerts on in this browser with the server’s key, and off again', async () => {
    const browser = fakeBrowser();
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    expect(await card.findByText('Les alertes sont désactivées dans ce navigateur.')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Activer les alertes dans ce navigateur' }));
    expect(await card.findByText('Les alertes sont activées dans ce navigateur.', { selector: '[role="status"]' })).toBeTruthy();
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/admin/sw.js', { scope: '/admin/' });
    const [{ applicationServerKey, userVisibleOnly }] = browser.pushManager.subscribe.mock.calls[0];
    expect(userVisibleOnly).toBe(true);
    expect(applicationServerKey).toHaveLength(65);
    expect(applicationServerKey[0]).toBe(4);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' } });

    fireEvent.click(card.getByRole('button', { name: 'Désactiver les alertes dans ce navigateur' }));
    expect(await card.findByText('Les alertes sont désactivées dans ce navigateur.', { selector: '[role="status"]' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(await browser.pushManager.getSubscription()).toBeNull();
  });

  it('says so when the push service refuses, and stores nothing', async () => {
    const browser = fakeBrowser();
    browser.pushManager.subscribe.mockRejectedValue(new DOMException('Registration failed - push service error', 'AbortError'));
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    fireEvent.click(await card.findByRole('button', { name: 'Activer les alertes dans ce navigateur' }));
    expect((await card.findByRole('alert')).textContent).toBe(
      'Impossible d\'activer les alertes dans ce navigateur : Registration failed - push service error',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(card.getByRole('button', { name: 'Activer les alertes dans ce navigateur' })).toBeTruthy();
  });

  it('says the browser blocks notifications when permission is refused, and offers nothing to click', async () => {
    fakeBrowser({ answer: 'denied' });
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    fireEvent.click(await card.findByRole('button', { name: 'Activer les alertes dans ce navigateur' }));
    expect(await card.findByText(/^Ce navigateur bloque les notifications de Dota\./)).toBeTruthy();
    expect(card.queryByRole('button', { name: /alertes dans ce navigateur/ })).toBeNull();
  });

  it('says push is off on the server, without a button', async () => {
    fakeBrowser();
    stored = preferences({ push: { enabled: false, public_key: '' } });
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    expect(await card.findByText(/^Les alertes push sont désactivées sur le serveur/)).toBeTruthy();
    expect(card.queryByRole('button', { name: /alertes dans ce navigateur/ })).toBeNull();
  });

  it('says a browser without push cannot receive alerts', async () => {
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    expect(await card.findByText(/^Ce navigateur ne peut pas recevoir d'alertes/)).toBeTruthy();
    expect(card.queryByRole('button', { name: /alertes dans ce navigateur/ })).toBeNull();
  });

  it('knows this browser is subscribed, and counts the user’s other browsers', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    stored = preferences({
      subscriptions: [
        { endpoint: ENDPOINT, user_agent: 'this', created_at: '2026-11-27T10:00:00Z' },
        { endpoint: 'https://push.example/send/phone', user_agent: 'phone', created_at: '2026-11-27T10:00:00Z' },
      ],
    });
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    expect(await card.findByText('Les alertes sont activées dans ce navigateur.')).toBeTruthy();
    expect(card.getByText('Autres navigateurs où vos alertes sont activées : 1.')).toBeTruthy();
  });

  it('saves only the choices changed, with the alerts’ language', async () => {
    fakeBrowser();
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    const how = (await card.findByLabelText('Comment : Une nouvelle réservation (formulaire ou chat)')) as HTMLSelectElement;
    expect(how.value).toBe('push');
    const save = card.getByRole('button', { name: "Enregistrer les choix d'alertes" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(how, { target: { value: 'email' } });
    fireEvent.click(card.getByLabelText("Aussi hors des heures d'ouverture : Une nouvelle réservation (formulaire ou chat)"));
    fireEvent.change(card.getByLabelText('Langue des alertes'), { target: { value: 'ar' } });
    fireEvent.submit(save.closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      language: 'ar',
      choices: [{ event: 'new_booking', channel: 'email', outside_hours: true }],
    });
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(["Choix d'alertes enregistrés"]));
    // The event left alone still follows the role's default.
    expect(card.getAllByText('(par défaut pour votre rôle)')).toHaveLength(1);
  });

  it('shows the server’s refusal beside the choice it names', async () => {
    fakeBrowser();
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    const how = await card.findByLabelText('Comment : Une nouvelle réservation (formulaire ou chat)');
    fireEvent.change(how, { target: { value: 'none' } });
    vi.mocked(fetch).mockImplementationOnce(async () =>
      json(400, { error: { code: 'validation', message: 'Invalide', fields: { 'choices[0].event': 'Option non valide.' } } }),
    );
    fireEvent.click(card.getByRole('button', { name: "Enregistrer les choix d'alertes" }));
    expect(await card.findByText('Option non valide.')).toBeTruthy();
    expect(how.getAttribute('aria-invalid')).toBe('true');
  });

  it('offers to retry when the alerts cannot be read', async () => {
    fakeBrowser();
    let failing = true;
    const real = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      failing && String(input).startsWith('/api/admin/me/alerts') ? json(500, { error: { code: 'internal', message: 'boom' } }) : real(input, init),
    );
    renderConsoleAt('/admin/profile');
    const card = await alerts();
    expect((await card.findByRole('alert')).textContent).toContain('Impossible de charger vos alertes.');
    failing = false;
    fireEvent.click(card.getByRole('button', { name: 'Réessayer' }));
    expect(await card.findByText('Les alertes sont désactivées dans ce navigateur.')).toBeTruthy();
  });
});
