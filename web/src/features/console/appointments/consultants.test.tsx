import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { json, renderConsoleAt, resetConsole } from '../testing';
import { businessWeek, weekRows } from './components/WeekView';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = {
  user: { id: 'u-yacine', email: 'yacine@dota.test', display_name: 'Yacine', role: 'moderator', permissions: [], is_active: true, created_at: '', updated_at: '' },
  pages: ['dashboard', 'appointments'],
  menu: [],
  permissions: ['appointments.update'],
  csrf_token: 'tok',
};

const consultants = [
  { user_id: 'u-lina', email: 'lina@dota.test', name: 'Lina', services: ['consultation'], active: true, hours: [], days_off: [] },
  { user_id: 'u-yacine', email: 'yacine@dota.test', name: 'Yacine', services: ['consultation'], active: true, hours: [], days_off: [] },
];

// A business day of this week (today may be a Friday): the week view shows it.
const today = businessWeek(new Date())[1]!;

const appointment = {
  id: 'ap1', name: 'Samia Haddad', email: 'samia@example.dz', phone: '+213770112233', company: '', sector: '', service: 'consultation',
  date: today, time: '10:00', message: '', status: 'pending', status_dashboard: 'pending', source: 'form', language: 'fr', client_id: '',
  created_at: '2026-11-27T09:00:00Z', updated_at: '2026-11-27T09:00:00Z', starts_at: null, sequence: 0, mode: 'video',
  meeting_url: 'https://meet.jit.si/dota-abcdefghijklmnopqrstuvwx', consultant_id: 'u-yacine', consultant_name: 'Yacine',
};

describe('the appointments of consultants', () => {
  let asked: URL[];
  let patches: Record<string, unknown>[];
  let patchAnswer: () => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en');
    asked = [];
    patches = [];
    patchAnswer = () => json(200, { appointment: { ...appointment, consultant_id: 'u-lina', consultant_name: 'Lina' }, message: 'ok' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://dota.test');
        asked.push(url);
        const path = url.pathname;
        if (path === '/api/admin/me') return json(200, me);
        if (path === '/api/admin/consultants') return json(200, { items: consultants });
        if (path === '/api/admin/appointments/stats') return json(200, { total: 1, pending: 1, confirmed: 0, cancelled: 0 });
        if (path === '/api/admin/appointments/calendar')
          return json(200, { month: '', first: '', last: '', total: 1, days: [{ date: today, appointments: [appointment] }] });
        if (path === '/api/admin/appointments/ap1' && init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)));
          return patchAnswer();
        }
        if (path === '/api/admin/appointments/ap1') return json(200, { ...appointment, notes: [], history: [] });
        if (path.startsWith('/api/admin/appointments/ap1/')) return json(200, { messages: [] });
        if (path === '/api/admin/appointments') return json(200, { items: [appointment], total: 1, page: 1, size: 10 });
        if (path === '/api/admin/messages') return json(200, { items: [], total: 0, page: 1, size: 20 });
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  const listAsked = () => asked.filter((u) => u.pathname === '/api/admin/appointments');

  it('lands a consultant on their own appointments, as a filter chip they can clear', async () => {
    renderConsoleAt('/admin');
    const chip = await screen.findByRole('button', { name: 'Clear the filter Consultant: Me (my appointments)' });
    await waitFor(() => expect(listAsked().at(-1)?.searchParams.get('consultant')).toBe('me'));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Consultant' })).toBeTruthy();
    expect(within(table).getByText('Yacine')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Consultant' }) as HTMLSelectElement).value).toBe('me');

    fireEvent.click(chip);
    await waitFor(() => expect(listAsked().at(-1)?.searchParams.has('consultant')).toBe(false));
    expect(screen.queryByRole('button', { name: /Clear the filter Consultant/ })).toBeNull();
  });

  it('filters by a consultant chosen, and by nobody', async () => {
    renderConsoleAt('/admin/appointments');
    const filter = (await screen.findByRole('combobox', { name: 'Consultant' })) as HTMLSelectElement;
    expect([...filter.options].map((o) => o.text)).toEqual(['All consultants', 'Me (my appointments)', 'No consultant', 'Lina', 'Yacine']);
    fireEvent.change(filter, { target: { value: 'u-lina' } });
    await waitFor(() => expect(listAsked().at(-1)?.searchParams.get('consultant')).toBe('u-lina'));
    expect(screen.getByRole('button', { name: 'Clear the filter Consultant: Lina' })).toBeTruthy();
    fireEvent.change(filter, { target: { value: 'none' } });
    await waitFor(() => expect(listAsked().at(-1)?.searchParams.get('consultant')).toBe('none'));
  });

  it('shows the consultant and the video link in the details, and reassigns, saying why a consultant is refused', async () => {
    patchAnswer = () => json(409, { error: { code: 'slot_taken', message: 'Lina already meets someone at 10:00.', alternatives: [] } });
    renderConsoleAt('/admin/appointments?open=ap1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: appointment.meeting_url })).toBeTruthy();
    const reassign = within(dialog).getByRole('form', { name: 'Who meets them' });
    const select = within(reassign).getByRole('combobox') as HTMLSelectElement;
    expect(select.value).toBe('u-yacine');
    fireEvent.change(select, { target: { value: 'u-lina' } });
    fireEvent.click(within(reassign).getByRole('button', { name: 'Reassign' }));
    expect(await within(reassign).findByRole('alert')).toHaveProperty('textContent', 'Lina already meets someone at 10:00.');
    expect(patches).toEqual([{ consultant_id: 'u-lina' }]);
  });

  it('shows one consultant’s week, and opens an appointment from it', async () => {
    renderConsoleAt('/admin/appointments');
    fireEvent.click(await screen.findByRole('button', { name: 'Week by consultant' }));
    const week = await screen.findByRole('table', { name: /Appointments of Yacine/ });
    const days = businessWeek(new Date());
    const call = asked.find((u) => u.pathname === '/api/admin/appointments/calendar')!;
    expect([call.searchParams.get('from'), call.searchParams.get('to'), call.searchParams.get('consultant')]).toEqual([days[0], days[4], 'u-yacine']);
    fireEvent.click(within(week).getByRole('button', { name: /Samia Haddad/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});

describe('the week view’s days and rows', () => {
  it('runs Sunday to Thursday, and adds an hour only an appointment holds', () => {
    expect(businessWeek(new Date(2026, 10, 27))).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(businessWeek(new Date(2026, 10, 22))[0]).toBe('2026-11-22');
    const rows = weekRows({ '2026-11-23': [{ time: '13:30' } as never] });
    expect(rows).toContain('13:30');
    expect(rows.indexOf('13:30')).toBe(rows.indexOf('12:00') + 1);
  });
});
