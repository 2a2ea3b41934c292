import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { json, renderConsoleAt, resetConsole } from '../testing';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = {
  user: { id: 'u1', email: 'admin@dota.test', role: 'admin', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['appointments'],
  permissions: ['appointments.export'],
  csrf_token: 'tok',
};

const base = {
  email: '', phone: '+213555123456', company: '', service: '', date: '2026-12-01', time: '10:00', message: '', status: 'pending',
  source: 'form', language: 'fr', created_at: '2026-11-27T09:00:00Z', updated_at: '2026-11-27T09:00:00Z', mode: 'office',
  meeting_url: '', consultant_id: '', consultant_name: '', answers: [], attribution: null,
};
const items = [
  { ...base, id: 'ap1', name: 'Amine Benali', traffic_source: 'facebook', campaign: 'ramadan' },
  { ...base, id: 'ap2', name: 'Samia Haddad', traffic_source: 'linkedin.com', campaign: '' },
  { ...base, id: 'ap3', name: 'Karim Zerrouki', traffic_source: 'direct', campaign: '' },
];

describe('the appointments by where their visit came from', () => {
  let lists: URL[];

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    lists = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://dota.test');
        const path = url.pathname;
        if (path === '/api/admin/me') return json(200, me);
        if (path === '/api/admin/appointments/stats') return json(200, { total: 3, pending: 3, confirmed: 0, cancelled: 0 });
        if (path === '/api/admin/appointments') {
          lists.push(url);
          return json(200, { items, total: 3, total_exact: true, page: 1, size: 10 });
        }
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  it('shows each row’s source and campaign as a badge', async () => {
    renderConsoleAt('/admin/appointments');
    expect(await screen.findByText('facebook · ramadan')).toBeTruthy();
    expect(screen.getByText('linkedin.com')).toBeTruthy();
    expect(screen.getByText('Accès direct')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Origine' })).toBeTruthy();
  });

  it('filters by the source and the campaign the address names, and by those typed', async () => {
    renderConsoleAt('/admin/appointments?traffic_source=facebook');
    await screen.findByText('facebook · ramadan');
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('traffic_source')).toBe('facebook'));
    const source = screen.getByPlaceholderText('Origine (facebook, linkedin.com, direct…)') as HTMLInputElement;
    expect(source.value).toBe('facebook');

    const campaign = screen.getByPlaceholderText('Campagne');
    fireEvent.change(campaign, { target: { value: ' Ramadan ' } });
    fireEvent.submit(campaign.closest('form')!);
    await waitFor(() => {
      const last = lists.at(-1)!;
      expect([last.searchParams.get('traffic_source'), last.searchParams.get('campaign')]).toEqual(['facebook', 'Ramadan']);
    });

    // Emptied, a filter goes at once.
    fireEvent.change(source, { target: { value: '' } });
    await waitFor(() => {
      const last = lists.at(-1)!;
      expect([last.searchParams.has('traffic_source'), last.searchParams.get('campaign')]).toEqual([false, 'Ramadan']);
    });
    // Its chip says what the list is filtered by, and clears it.
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le filtre Campagne : Ramadan' }));
    await waitFor(() => expect(lists.at(-1)!.searchParams.has('campaign')).toBe(false));
    expect((screen.getByPlaceholderText('Campagne') as HTMLInputElement).value).toBe('');
  });
});
