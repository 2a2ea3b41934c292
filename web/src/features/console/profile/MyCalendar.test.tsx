import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { useToasts } from '../../../components/ui/toast';
import { json, renderConsoleAt, resetConsole } from '../testing';
import type { ConsultantCalendar } from './api/calendar';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = {
  user: { id: 'u1', email: 'yacine@dota.test', role: 'editor', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['appointments'],
  permissions: [],
  csrf_token: 'tok',
};

const empty: ConsultantCalendar = {
  feed: false,
  source_kind: '',
  source_url: '',
  source_username: '',
  last_read_at: null,
  last_ok_at: null,
  last_error: '',
  busy_count: 0,
};

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

describe('the profile’s calendar', () => {
  let calls: Call[];
  let stored: ConsultantCalendar | null;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en');
    calls = [];
    stored = { ...empty };
    useToasts.setState({ toasts: [] });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => {}) }, configurable: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (url.split('?')[0] === '/api/admin/consultants') {
          calls.push({ method, url });
          const items = stored ? [{ user_id: 'u1', email: 'me@dota.test', name: 'Me', services: [], active: true, hours: [], days_off: [] }] : [];
          return json(200, { items });
        }
        if (url.startsWith('/api/admin/consultants/u1/calendar')) {
          calls.push({ method, url, body });
          if (!stored) return json(404, { error: { code: 'not_found', message: 'Not found' } });
          if (url.includes('/feed') && method === 'POST') {
            stored = { ...stored, feed: true };
            return json(200, { url: 'https://dota.test/api/calendar/tok.ics', webcal_url: 'webcal://dota.test/api/calendar/tok.ics' });
          }
          if (url.includes('/feed') && method === 'DELETE') {
            stored = { ...stored, feed: false };
            return json(200, { message: 'Revoked' });
          }
          if (method === 'PUT') {
            if (String(body.source_url).includes('broken')) {
              return json(400, {
                error: { code: 'validation', message: 'x', fields: { source_url: 'The calendar’s server answered with an error (404).' } },
              });
            }
            stored = { ...stored, source_kind: body.source_kind, source_url: body.source_url, source_username: body.source_username, last_ok_at: '2026-11-27T10:00:00Z', last_read_at: '2026-11-27T10:00:00Z', busy_count: 2 };
          }
          return json(200, stored);
        }
        if (url.startsWith('/api/admin/me/')) return json(404, { error: { code: 'not_found', message: 'nope' } });
        if (url.startsWith('/api/admin/me')) return json(200, me);
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(() => {
    resetConsole();
    delete (navigator as { clipboard?: unknown }).clipboard;
  });

  const card = async () => within((await screen.findByRole('heading', { name: 'My calendar' })).closest('section')!);

  it('shows nothing to a user who is not a consultant', async () => {
    stored = null;
    renderConsoleAt('/admin/profile');
    await screen.findByRole('heading', { name: 'My profile' });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/admin/consultants?'))).toBe(true));
    expect(screen.queryByRole('heading', { name: 'My calendar' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/calendar'))).toBe(false); // nothing asked, nothing to fail
  });

  it('makes the private feed, shows its address once with a copy button, and revokes it', async () => {
    renderConsoleAt('/admin/profile');
    const c = await card();
    expect(await c.findByText('No private address yet.')).toBeTruthy();
    fireEvent.click(c.getByRole('button', { name: 'Make my private address' }));
    const subscribe = await c.findByRole('link', { name: 'Subscribe in my calendar app' });
    expect(subscribe.getAttribute('href')).toBe('webcal://dota.test/api/calendar/tok.ics');
    expect((c.getByLabelText('Address to paste in your calendar') as HTMLInputElement).value).toBe('https://dota.test/api/calendar/tok.ics');
    fireEvent.click(c.getByRole('button', { name: 'Copy the address' }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://dota.test/api/calendar/tok.ics'));

    fireEvent.click(c.getByRole('button', { name: 'Revoke the address' }));
    expect(await c.findByText('No private address yet.')).toBeTruthy();
    expect(c.queryByRole('link', { name: 'Subscribe in my calendar app' })).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('saves a calendar address, shows why one cannot be read, and its reads', async () => {
    renderConsoleAt('/admin/profile');
    const c = await card();
    const address = await c.findByLabelText(/^Calendar address/);
    fireEvent.change(address, { target: { value: 'https://cal.example/broken.ics' } });
    fireEvent.click(c.getByRole('button', { name: 'Read and save' }));
    expect((await c.findByRole('alert')).textContent).toContain('(404)');

    fireEvent.change(address, { target: { value: 'https://cal.example/me.ics' } });
    fireEvent.click(c.getByRole('button', { name: 'Read and save' }));
    expect(await c.findByText('2 times')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      source_kind: 'ics',
      source_url: 'https://cal.example/me.ics',
      source_username: '',
      source_password: '',
    });
    expect(c.getByRole('button', { name: 'Remove this calendar' })).toBeTruthy();
  });
});
