import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { json, renderConsoleAt, resetConsole } from '../testing';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = {
  user: { id: 'u1', email: 'admin@dota.test', role: 'admin', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['appointments'],
  permissions: [],
  csrf_token: 'tok',
};

const appointment = {
  id: 'ap1', name: 'Amine Benali', email: 'amine@example.dz', phone: '+213555123456', company: '', service: 'developpement-web',
  service_name: 'Développement web', date: '2026-12-01', time: '10:00', message: '', status: 'pending', source: 'chat',
  language: 'fr', created_at: '2026-11-27T09:00:00Z', updated_at: '2026-11-27T09:00:00Z', mode: 'video',
  meeting_url: 'https://meet.jit.si/dota-abcdefghijklmnopqrstuvwx',
};

describe('the appointments page opened from an alert', () => {
  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://dota.test');
        const path = url.pathname;
        if (path === '/api/admin/me') return json(200, me);
        if (path === '/api/admin/appointments/stats') return json(200, { total: 1, pending: 1, confirmed: 0, cancelled: 0 });
        if (path === '/api/admin/appointments/ap1') return json(200, { ...appointment, notes: [], history: [] });
        if (path.startsWith('/api/admin/appointments/ap1/')) return json(200, { items: [] });
        if (path === '/api/admin/appointments') return json(200, { items: [], total: 0, page: 1, size: 10 });
        if (path === '/api/admin/messages') return json(200, { items: [], total: 0, page: 1, size: 20 });
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  it('opens the appointment the address names, even when it is not on the first page', async () => {
    renderConsoleAt('/admin/appointments?open=ap1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(/Amine Benali/).length).toBeGreaterThan(0);
    // How they meet, and the video call's link.
    expect(within(dialog).getByText('En visio')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: appointment.meeting_url }).getAttribute('href')).toBe(appointment.meeting_url);
  });

  it('says so when the appointment named is gone, and shows the list', async () => {
    renderConsoleAt('/admin/appointments?open=gone');
    expect(await screen.findByText("Ce rendez-vous n'a pas pu être ouvert : il a peut-être été supprimé.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
