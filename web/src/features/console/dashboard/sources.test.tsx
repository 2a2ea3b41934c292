import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { json, renderConsoleAt, resetConsole } from '../testing';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = {
  user: { id: 'u1', email: 'admin@dota.test', role: 'admin', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['dashboard', 'appointments'],
  permissions: [],
  csrf_token: 'tok',
};

const stats = {
  from: '2026-10-29',
  to: '2026-11-27',
  visits: 120,
  chats: 18,
  bookings: 6,
  rows: [
    { source: 'facebook', campaign: 'ramadan', visits: 40, chats: 8, bookings: 4, chat_rate: 0.2, booking_rate: 0.1 },
    { source: 'direct', campaign: '', visits: 80, chats: 10, bookings: 2, chat_rate: 0.125, booking_rate: 0.025 },
    { source: 'linkedin.com', campaign: '', visits: 0, chats: 0, bookings: 0, chat_rate: null, booking_rate: null },
  ],
};

describe('the dashboard’s sources', () => {
  let answer: (url: URL) => Response;
  let asked: URL[];

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en');
    asked = [];
    answer = () => json(200, stats);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://dota.test');
        const path = url.pathname;
        if (path === '/api/admin/me') return json(200, me);
        if (path === '/api/admin/dashboard/sources') {
          asked.push(url);
          return answer(url);
        }
        return json(500, { error: { code: 'internal', message: 'Something went wrong.' } });
      }),
    );
  });
  afterEach(resetConsole);

  it('shows the totals and a row per source and campaign with its rates', async () => {
    renderConsoleAt('/admin/dashboard');
    const section = await screen.findByTestId('traffic-sources');
    const facebook = await within(section).findByRole('row', { name: /^facebook ramadan/ });
    expect(within(facebook).getAllByRole('cell').map((c) => c.textContent)).toEqual(['ramadan', '40', '8', '4', '20%', '10%']);
    expect(within(section).getByRole('rowheader', { name: 'Direct' })).toBeTruthy();
    const linkedin = within(section).getByRole('row', { name: /^linkedin\.com/ });
    expect(within(linkedin).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', '0', '0', '0', '—', '—']);
    // The totals' cards, then the table's columns.
    expect(within(section).getAllByText('Chats opened')).toHaveLength(2);
    expect(within(section).getByText('120')).toBeTruthy();
    expect(await within(section).findByText('Bookings by source')).toBeTruthy();
    expect((within(section).getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-29');
    // By default the server's period: the last 30 days.
    expect(asked[0]!.searchParams.has('from')).toBe(false);
  });

  it('says when the period has nothing', async () => {
    answer = () => json(200, { ...stats, visits: 0, chats: 0, bookings: 0, rows: [] });
    renderConsoleAt('/admin/dashboard');
    const section = await screen.findByTestId('traffic-sources');
    expect(await within(section).findByText('No visits or bookings in this period.')).toBeTruthy();
  });

  it('says when the sources could not be read', async () => {
    answer = () => json(500, { error: { code: 'internal', message: 'The sources are unavailable.' } });
    renderConsoleAt('/admin/dashboard');
    const section = await screen.findByTestId('traffic-sources');
    expect(await within(section).findByRole('alert')).toBeTruthy();
  });
});
