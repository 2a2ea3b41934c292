import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import type { Alert } from '../api/types';
import { json, renderConsoleAt, resetConsole } from '../testing';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = {
  user: { id: 'u1', email: 'admin@dota.test', role: 'admin', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['messages'],
  permissions: [],
  csrf_token: 'tok',
};

const alert = (patch: Partial<Alert>): Alert => ({
  id: 'a1',
  event: 'visitor_waiting',
  user_id: 'u2',
  user_email: 'karima@dota.test',
  channel: 'push',
  state: 'sent',
  attempts: 1,
  last_error: '',
  url: '/admin/conversations?open=c1',
  title: 'Un visiteur attend',
  body: 'Amine demande une personne',
  created_at: '2026-11-27T09:00:00Z',
  sent_at: '2026-11-27T09:00:01Z',
  ...patch,
});

describe('the alerts’ ledger', () => {
  let asked: URL[];

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://dota.test');
        if (url.pathname === '/api/admin/me') return json(200, me);
        if (url.pathname === '/api/admin/messages') return json(200, { items: [], total: 0, page: 1, size: 20 });
        if (url.pathname === '/api/admin/alerts') {
          asked.push(url);
          const items = [
            alert({}),
            alert({ id: 'a2', event: 'new_booking', channel: 'email', state: 'skipped', last_error: 'email_off', sent_at: null, url: '/admin/appointments?open=x' }),
            alert({ id: 'a3', event: 'message_failed', state: 'failed', last_error: 'push service answered 500', sent_at: null }),
          ].filter((a) => !url.searchParams.get('state') || a.state === url.searchParams.get('state'));
          return json(200, { items, total: items.length, page: 1, size: 20 });
        }
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  it('sits beside the customers’ messages, lists each alert with its state and why, and filters by state', async () => {
    renderConsoleAt('/admin/messages');
    const tab = await screen.findByRole('button', { name: "Alertes à l'équipe" });
    expect(tab.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tab);
    const table = await screen.findByRole('table', { name: "Alertes à l'équipe" });
    expect(tab.getAttribute('aria-pressed')).toBe('true');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByRole('link', { name: 'Un visiteur attend' }).getAttribute('href')).toBe('/admin/conversations?open=c1');
    expect(within(rows[0]).getByText('Envoyée')).toBeTruthy();
    expect(within(rows[0]).getByText('karima@dota.test')).toBeTruthy();
    expect(within(rows[1]).getByText('Non envoyée')).toBeTruthy();
    expect(within(rows[1]).getByText("Les alertes par e-mail sont désactivées pour l'agence (Paramètres).")).toBeTruthy();
    expect(within(rows[2]).getByText('Échec')).toBeTruthy();
    expect(within(rows[2]).getByText('push service answered 500')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('État'), { target: { value: 'failed' } });
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('state')).toBe('failed'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: "Alertes à l'équipe" })).getAllByRole('row')).toHaveLength(2));
  });

  it('opens on the alerts from the address, and says when none match', async () => {
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://dota.test');
      if (url.pathname === '/api/admin/me') return json(200, me);
      return json(200, { items: [], total: 0, page: 1, size: 20 });
    });
    renderConsoleAt('/admin/messages?view=alerts');
    expect(await screen.findByText('Aucune alerte ne correspond à ces filtres.')).toBeTruthy();
  });

  it('starts the customers’ messages on the state the address names, as a failed message’s alert links', async () => {
    const states: (string | null)[] = [];
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://dota.test');
      if (url.pathname === '/api/admin/me') return json(200, me);
      if (url.pathname === '/api/admin/messages') states.push(url.searchParams.get('status'));
      return json(200, { items: [], total: 0, page: 1, size: 20 });
    });
    renderConsoleAt('/admin/messages?status=failed');
    await waitFor(() => expect(states).toContain('failed'));
    expect(states).not.toContain(null);
    expect((screen.getByLabelText('État') as HTMLSelectElement).value).toBe('failed');
  });
});
