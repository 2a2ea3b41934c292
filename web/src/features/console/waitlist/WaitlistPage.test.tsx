import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import type { WaitlistSlot } from './api/waitlist';
import { dispatchLive } from '../hooks/useLive';
import { json, renderConsoleAt, resetConsole } from '../testing';
import { useToasts } from '../../../components/ui/toast';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const entry = {
  language: 'fr',
  service: 'Développement Web',
  created_at: '2030-01-02T09:30:00Z',
};

const slots: WaitlistSlot[] = [
  {
    date: '2030-01-06',
    time: '10:00',
    label: '10:00 AM',
    capacity: 1,
    booked: 0,
    held: 1,
    entries: [
      { ...entry, id: 'w1', position: 1, name: 'Samia Haddad', email: 'samia@example.dz', phone: '0770112233', source: 'form', state: 'offered', hold_until: '2030-01-05T12:00:00Z' },
      { ...entry, id: 'w2', position: 2, name: 'Karim Benali', email: 'karim@example.dz', phone: '0550112233', source: 'chat', state: 'waiting' },
      { ...entry, id: 'w3', position: null, name: 'Nadia Saidi', email: 'nadia@example.dz', phone: '0660112233', source: 'form', state: 'declined' },
    ],
  },
  {
    date: '2030-01-07',
    time: '14:00',
    label: '02:00 PM',
    capacity: 2,
    booked: 2,
    held: 0,
    entries: [{ ...entry, id: 'w4', position: 1, name: 'Yacine Amrani', email: 'yacine@example.dz', phone: '0770998877', source: 'chat', state: 'waiting', service: '' }],
  },
];

function me(permissions: string[]) {
  return {
    user: { id: 'u1', email: 'moderator@dota.test', role: 'moderator', permissions, is_active: true, created_at: '', updated_at: '' },
    pages: ['appointments', 'waitlist', 'new-appointment'],
    menu: [
      { page: 'appointments', label: 'Rendez-vous' },
      { page: 'waitlist', label: "Liste d'attente" },
      { page: 'new-appointment', label: 'Nouveau RDV' },
    ],
    permissions,
    csrf_token: 'tok',
  };
}

describe('the console’s waitlist', () => {
  const lists: string[] = [];
  const deletes: { url: string; csrf: string | null }[] = [];
  let permissions: string[];
  let list: (url: string) => Response;
  let remove: () => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    lists.length = 0;
    deletes.length = 0;
    permissions = ['waitlist.remove'];
    list = () => json(200, { items: slots });
    remove = () => new Response(null, { status: 204 });
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/admin/me')) return json(200, me(permissions));
        if (url.startsWith('/api/admin/waitlist/') && init?.method === 'DELETE') {
          deletes.push({ url, csrf: new Headers(init.headers).get('X-CSRF-Token') });
          return remove();
        }
        if (url.startsWith('/api/admin/waitlist')) {
          lists.push(url);
          return list(url);
        }
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  const renderPage = () => renderConsoleAt('/admin/waitlist');

  it('comes after the appointments in the menu and lists each slot’s line in order', async () => {
    renderPage();
    const menu = await screen.findByRole('navigation', { name: 'Menu de la console' });
    expect(Array.from(menu.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Rendez-vous', "Liste d'attente", 'Nouveau RDV']);
    expect(await screen.findByRole('heading', { level: 1, name: "Liste d'attente" })).toBeTruthy();

    const first = (await screen.findByRole('heading', { level: 2, name: /^6 janv\. 2030 à 10:00$/ })).closest('section')!;
    expect(within(first).getByText(/Capacité 1 · réservés 0 · retenus 1 · 2 dans la file/)).toBeTruthy();
    const rows = within(first).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Samia Haddad', 'Karim Benali', 'Nadia Saidi']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '—']);
    expect(within(rows[0]!).getByText('Proposé')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^retenu jusqu'au /)).toBeTruthy();
    expect(within(rows[1]!).getByText('En attente')).toBeTruthy();
    expect(within(rows[1]!).getByText('Chat')).toBeTruthy();
    expect(within(rows[2]!).getByText('Décliné')).toBeTruthy();
    // Only people still in line can be removed.
    expect(within(rows[0]!).getByRole('button', { name: 'Retirer Samia Haddad de la file' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /^7 janv\. 2030 à 14:00$/ })).toBeTruthy();
    expect(lists[0]).toBe('/api/admin/waitlist?lang=fr');
  });

  it('removes someone after a confirmation that names them, and says so', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer Samia Haddad de la file' }));
    const dialog = screen.getByRole('dialog', { name: "Retirer de la liste d'attente ?" });
    expect(within(dialog).getByText(/^Samia Haddad sera retiré\(e\) de la file du 6 janv\. 2030 à 10:00\. La place qui lui est réservée/)).toBeTruthy();
    const before = lists.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText("Samia Haddad a été retiré(e) de la liste d'attente.")).toBeTruthy();
    expect(deletes).toEqual([{ url: '/api/admin/waitlist/w1?lang=fr', csrf: 'tok' }]);
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a removal fails', async () => {
    remove = () => json(500, { error: { code: 'internal', message: 'Erreur interne.' } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer Karim Benali de la file' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText("Impossible de retirer Karim Benali de la liste d'attente.")).toBeTruthy();
    expect(screen.getByText('Erreur interne.')).toBeTruthy();
  });

  it('shows no Remove button without the permission', async () => {
    permissions = [];
    renderPage();
    await screen.findByText('Samia Haddad');
    expect(screen.queryByRole('button', { name: /^Retirer/ })).toBeNull();
  });

  it('filters by date, says when no one waits then, and goes back to every upcoming slot', async () => {
    list = (url) => json(200, { items: url.includes('date=') ? [] : slots });
    renderPage();
    await screen.findByText('Samia Haddad');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-09' } });
    expect(await screen.findByText("Personne n'attend de créneau le 9 janv. 2030.")).toBeTruthy();
    expect(lists.at(-1)).toBe('/api/admin/waitlist?date=2030-01-09&lang=fr');
    fireEvent.click(screen.getByRole('button', { name: 'Tous les créneaux à venir' }));
    expect(await screen.findByText('Samia Haddad')).toBeTruthy();
    expect(lists.at(-1)).toBe('/api/admin/waitlist?lang=fr');
  });

  it('refreshes when a line changes', async () => {
    renderPage();
    await screen.findByText('Samia Haddad');
    const before = lists.length;
    list = () => json(200, { items: [{ ...slots[1]!, entries: [] }] });
    dispatchLive({ kind: 'waitlist.updated', data: { date: '2030-01-06', time: '10:00' } });
    await waitFor(() => expect(lists.length).toBe(before + 1));
    await waitFor(() => expect(screen.queryByText('Samia Haddad')).toBeNull());
    expect(screen.getByText('Personne dans la file.')).toBeTruthy();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    list = () => json(500, { error: { code: 'internal', message: 'boom' } });
    renderPage();
    expect(await screen.findByText("Impossible de charger la liste d'attente.")).toBeTruthy();
    list = () => json(200, { items: slots });
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Samia Haddad')).toBeTruthy();
  });
});
