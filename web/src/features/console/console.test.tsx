import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/App';
import { initI18n, setLanguage } from '../../lib/i18n';
import { useSession } from './hooks/useSession';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const editor = {
  user: { id: 'u1', email: 'editor@dota.test', role: 'editor', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['appointments', 'new-appointment'],
  menu: [
    { page: 'appointments', label: 'Rendez-vous' },
    { page: 'new-appointment', label: 'Nouveau RDV' },
  ],
  permissions: ['appointments.update'],
  csrf_token: 'tok',
};

/** The router's current path, as the last render saw it. */
let currentPath = '';
function Where() {
  currentPath = useLocation().pathname;
  return null;
}

describe('console shell', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('fr');
  });
  afterEach(() => {
    useSession.setState({ status: 'unknown', user: null, pages: [], permissions: [] });
  });

  it('sends a signed-out visitor to the login form', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { error: { code: 'unauthenticated', message: 'no' } })));
    render(
      <MemoryRouter initialEntries={['/admin/appointments']}>
        <AppRoutes />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: "Connexion à l'administration" }, { timeout: 8000 })).toBeTruthy();
    expect(currentPath).toBe('/admin/login');
  });

  it('builds the menu from /me and redirects a forbidden page with the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/admin/me')) return json(200, editor);
        if (url.startsWith('/api/admin/appointments/stats')) return json(200, { total: 0, pending: 0, confirmed: 0, cancelled: 0 });
        if (url.startsWith('/api/admin/appointments')) return json(200, { items: [], total: 0, page: 1, size: 10 });
        if (url.startsWith('/api/services')) return json(200, { items: [] });
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
    render(
      <MemoryRouter initialEntries={['/admin/dashboard']}>
        <AppRoutes />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Vous n'avez pas l'autorisation de voir le tableau de bord", {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(currentPath).toBe('/admin/appointments'));
    const menu = await screen.findByRole('navigation', { name: 'Menu de la console' });
    expect(Array.from(menu.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Rendez-vous', 'Nouveau RDV']);
    expect(await screen.findByText('Aucun rendez-vous ne correspond à vos critères.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exporter CSV' })).toBeNull();
  });

  it('puts Conversations first in the menu with the waiting count, and the bell shows the visitors waiting', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/admin/me')) {
        return json(200, {
          ...editor,
          pages: ['conversations', 'appointments', 'new-appointment'],
          menu: [{ page: 'conversations', label: 'Conversations' }, ...editor.menu],
          permissions: ['conversations.answer'],
        });
      }
      if (url.startsWith('/api/admin/conversations?state=waiting')) return json(200, { items: [], total: 3, page: 1, size: 1, waiting: 3 });
      if (url.startsWith('/api/admin/appointments/stats')) return json(200, { total: 0, pending: 0, confirmed: 0, cancelled: 0 });
      if (url.startsWith('/api/admin/appointments')) return json(200, { items: [], total: 0, page: 1, size: 10 });
      if (url.startsWith('/api/services')) return json(200, { items: [] });
      return json(404, { error: { code: 'not_found', message: 'nope' } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/admin/appointments']}>
        <AppRoutes />
        <Where />
      </MemoryRouter>,
    );
    const menu = await screen.findByRole('navigation', { name: 'Menu de la console' }, { timeout: 8000 });
    const links = Array.from(menu.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/admin/conversations', '/admin/appointments', '/admin/new-appointment']);
    await waitFor(() => expect(links[0].querySelector('.bubble')?.textContent).toBe('3'));
    expect(links[0].textContent).toContain('3 visiteurs attendent une personne');

    const bell = await screen.findByRole('button', { name: 'Notifications (3 visiteurs attendent une personne)' });
    fireEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications récentes' });
    expect(within(panel).getByRole('link', { name: '3 visiteurs attendent une personne' }).getAttribute('href')).toBe(
      '/admin/conversations?state=waiting',
    );
    expect(within(panel).queryByRole('link', { name: 'Voir toutes les notifications' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/admin/notifications'))).toBe(false);
  });

  it('asks /me again when the language changes and shows the menu in the words it sends', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/admin/me')) {
        const en = new URL(url, 'http://x').searchParams.get('lang') === 'en';
        return json(200, {
          ...editor,
          menu: [
            { page: 'appointments', label: en ? 'Appointments' : 'Rendez-vous' },
            { page: 'new-appointment', label: en ? 'New appointment' : 'Nouveau RDV' },
          ],
        });
      }
      if (url.startsWith('/api/admin/appointments/stats')) return json(200, { total: 0, pending: 0, confirmed: 0, cancelled: 0 });
      if (url.startsWith('/api/admin/appointments')) return json(200, { items: [], total: 0, page: 1, size: 10 });
      if (url.startsWith('/api/services')) return json(200, { items: [] });
      return json(404, { error: { code: 'not_found', message: 'nope' } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/admin/appointments']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    const labels = (name: string) => Array.from(screen.getByRole('navigation', { name }).querySelectorAll('a')).map((a) => a.textContent);
    await screen.findByRole('navigation', { name: 'Menu de la console' }, { timeout: 8000 });
    expect(labels('Menu de la console')).toEqual(['Rendez-vous', 'Nouveau RDV']);
    try {
      await act(() => setLanguage('en'));
      await waitFor(() => expect(labels('Console menu')).toEqual(['Appointments', 'New appointment']));
      expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/me'))).toHaveLength(2);
    } finally {
      await act(() => setLanguage('fr'));
    }
  });
});
