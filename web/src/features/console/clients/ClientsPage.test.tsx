import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import type { Client } from '../api/types';
import { useSession } from '../hooks/useSession';
import { json, renderConsoleAt, resetConsole } from '../testing';
import { useToasts } from '../../../components/ui/toast';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const amina: Client = {
  id: 'c1',
  prenom: 'Amina',
  nom: 'Belkacem',
  email: 'amina@example.dz',
  numero_1: '0550112233',
  numero_2: null,
  nom_entreprise: 'Atlas Web',
  siteweb: null,
  appointments: 0,
  created_at: '2026-01-02T09:00:00Z',
  updated_at: '2026-01-02T09:00:00Z',
};
const karim: Client = { ...amina, id: 'c2', prenom: 'Karim', nom: 'Benali', email: null, nom_entreprise: null };
const erasedAmina: Client = { ...amina, prenom: '[effacé]', nom: '', email: null, numero_1: null, nom_entreprise: null };

function me(permissions: string[]) {
  return {
    user: { id: 'u1', email: 'staff@dota.test', role: 'admin', permissions, is_active: true, created_at: '', updated_at: '' },
    pages: ['clients'],
    permissions,
    csrf_token: 'tok',
  };
}

describe('the clients page’s personal data actions', () => {
  let permissions: string[];
  let clients: Client[];
  const lists: string[] = [];
  const erasures: { url: string; body: unknown; csrf: string | null }[] = [];

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    permissions = ['clients.update', 'clients.delete', 'clients.export', 'clients.erase'];
    clients = [amina, karim];
    lists.length = 0;
    erasures.length = 0;
    useToasts.setState({ toasts: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/admin/me')) return json(200, me(permissions));
        if (url.startsWith('/api/admin/clients/c1/erase') && init?.method === 'POST') {
          erasures.push({ url, body: JSON.parse(String(init.body)), csrf: new Headers(init.headers).get('X-CSRF-Token') });
          clients = [erasedAmina, karim];
          return json(200, { erased: { appointments: 2, conversations: 1, messages: 0, notes: 0, waitlist: 0, newsletter: 1, cancelled: 0 }, message: 'ok' });
        }
        if (url.startsWith('/api/admin/clients?')) {
          lists.push(url);
          return json(200, { items: clients, total: clients.length, page: 1, size: 10 });
        }
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  const renderPage = () => renderConsoleAt('/admin/clients');

  const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

  it('offers Export and Erase on each row to whoever may use them', async () => {
    renderPage();
    const row = await rowOf('Amina Belkacem');
    expect(within(row).getByRole('button', { name: 'Exporter les données de Amina Belkacem' }).dataset.testid).toBe('client-export');
    expect(within(row).getByRole('button', { name: 'Effacer les données personnelles de Amina Belkacem' }).dataset.testid).toBe('client-erase');
    expect(screen.getAllByTestId('client-export')).toHaveLength(2);
  });

  it('shows Export alone to a moderator, and neither without the permissions', async () => {
    permissions = ['clients.export'];
    const { unmount } = renderPage();
    await rowOf('Amina Belkacem');
    expect(screen.getAllByTestId('client-export')).toHaveLength(2);
    expect(screen.queryByTestId('client-erase')).toBeNull();
    unmount();
    useSession.setState({ status: 'unknown', user: null, pages: [], permissions: [] });

    permissions = [];
    renderPage();
    await rowOf('Karim Benali');
    expect(screen.queryByTestId('client-export')).toBeNull();
    expect(screen.queryByTestId('client-erase')).toBeNull();
  });

  it('erases after the name is typed, then closes the dialog and refreshes the list', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Amina Belkacem')).getByTestId('client-erase'));
    const dialog = screen.getByRole('dialog', { name: 'Effacer les données personnelles' });
    const confirm = within(dialog).getByTestId('erase-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('erase-confirm-input'), { target: { value: 'AMINA belkacem' } });
    const before = lists.length;
    fireEvent.click(confirm);

    expect(await screen.findByText('Données personnelles effacées')).toBeTruthy();
    expect(erasures).toEqual([{ url: '/api/admin/clients/c1/erase?lang=fr', body: { confirm: 'AMINA belkacem', cancel_upcoming: false }, csrf: 'tok' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    expect(await screen.findByRole('cell', { name: '[effacé]' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Amina Belkacem' })).toBeNull();
  });

  it('closes the dialog with Cancel without erasing', async () => {
    renderPage();
    fireEvent.click(within(await rowOf('Karim Benali')).getByTestId('client-erase'));
    const dialog = screen.getByRole('dialog', { name: 'Effacer les données personnelles' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(erasures).toEqual([]);
  });
});
