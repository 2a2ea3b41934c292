import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n';
import { json, renderConsoleAt, resetConsole } from '../testing';

// The console's code and texts load lazily: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const user = (id: string, email: string, display_name: string) => ({
  id, email, display_name, role: 'editor', role_label: 'Editor', permissions: [], is_active: true, created_by: '',
  created_at: '2026-11-01T09:00:00Z', updated_at: '2026-11-01T09:00:00Z',
});
const admin = { ...user('u-admin', 'admin@dota.test', 'Admin'), role: 'admin', role_label: 'Administrator' };
const yacine = user('u-yacine', 'yacine@dota.test', 'Yacine');
const lina = user('u-lina', 'lina@dota.test', 'Lina');

const linaConsultant = {
  user_id: 'u-lina', email: 'lina@dota.test', name: 'Lina', services: ['developpement-web'], active: true,
  hours: [{ weekday: 0, starts: '09:00', ends: '12:00' }], days_off: ['2026-12-24'],
};

describe('a staff user’s consultant profile on the users page', () => {
  let puts: { path: string; body: Record<string, unknown> }[];
  let deletes: string[];
  let putAnswer: () => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en');
    puts = [];
    deletes = [];
    putAnswer = () => json(200, {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://dota.test');
        const path = url.pathname;
        const method = init?.method ?? 'GET';
        if (path === '/api/admin/me') return json(200, { user: admin, pages: ['users'], menu: [], permissions: [], csrf_token: 'tok' });
        if (path === '/api/admin/users') return json(200, { items: [admin, yacine, lina], stats: { total: 3, active: 3, admins: 1 } });
        if (path === '/api/admin/consultants') return json(200, { items: [linaConsultant] });
        if (path === '/api/services')
          return json(200, {
            items: [
              { id: 's1', slug: 'developpement-web', name: 'Web development', category: 'Web' },
              { id: 's2', slug: 'consultation', name: 'Consultation', category: 'Advice' },
            ],
          });
        if (path.startsWith('/api/admin/consultants/') && method === 'PUT') {
          puts.push({ path, body: JSON.parse(String(init?.body)) });
          return putAnswer();
        }
        if (path.startsWith('/api/admin/consultants/') && method === 'DELETE') {
          deletes.push(path);
          return json(200, { message: 'ok' });
        }
        return json(404, { error: { code: 'not_found', message: 'nope' } });
      }),
    );
  });
  afterEach(resetConsole);

  it('shows who is a consultant, and makes another one with services, hours and a day off', async () => {
    renderConsoleAt('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Lina', { selector: '.badge' });
    fireEvent.click(within(table).getByRole('button', { name: 'Consultant profile of yacine@dota.test' }));
    const dialog = await screen.findByRole('dialog');
    const is = within(dialog).getByRole('checkbox', { name: 'Meets prospects (consultant)' }) as HTMLInputElement;
    expect(is.checked).toBe(false);
    fireEvent.click(is);
    // Named as the user is, working the agency's business hours until told otherwise.
    expect((within(dialog).getByLabelText('Name visitors see') as HTMLInputElement).value).toBe('Yacine');
    expect((within(dialog).getByLabelText('Sunday, range 2: from') as HTMLInputElement).value).toBe('14:00');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Consultation' }));
    // No Sunday afternoon; a Saturday morning instead.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove range 2 of Sunday' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a range to Saturday' }));
    fireEvent.change(within(dialog).getByLabelText('Saturday, range 1: to'), { target: { value: '11:00' } });
    fireEvent.change(within(dialog).getByLabelText('Day off'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the day' }));
    expect(within(dialog).getByRole('button', { name: 'Remove the day off 2026-12-31' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.path).toBe('/api/admin/consultants/u-yacine');
    const body = puts[0]!.body as { name: string; services: string[]; active: boolean; hours: { weekday: number; starts: string; ends: string }[]; days_off: string[] };
    expect(body).toMatchObject({ name: 'Yacine', services: ['consultation'], active: true, days_off: ['2026-12-31'] });
    expect(body.hours.filter((h) => h.weekday === 0)).toEqual([{ weekday: 0, starts: '09:00', ends: '12:00' }]);
    expect(body.hours.filter((h) => h.weekday === 6)).toEqual([{ weekday: 6, starts: '09:00', ends: '11:00' }]);
    expect(body.hours.filter((h) => h.weekday === 4)).toHaveLength(2);
  });

  it('refuses a range that ends before it starts, and shows the server’s field errors beside their fields', async () => {
    putAnswer = () =>
      json(400, { error: { code: 'validation', message: 'Invalid', fields: { services: 'Unknown service: photographie.', name: 'Too long.' } } });
    renderConsoleAt('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Consultant profile of lina@dota.test' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('checkbox', { name: 'Meets prospects (consultant)' }) as HTMLInputElement).checked).toBe(true);
    expect(((await within(dialog).findByRole('checkbox', { name: 'Web development' })) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Sunday, range 1: to'), { target: { value: '08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Sunday: a range must end after it starts (09:00–08:00).')).toBeTruthy();
    expect(puts).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Sunday, range 1: to'), { target: { value: '12:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Unknown service: photographie.')).toBeTruthy();
    expect(within(dialog).getByText('Too long.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name visitors see').getAttribute('aria-invalid')).toBe('true');
  });

  it('removes a consultant when the box is unticked', async () => {
    renderConsoleAt('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Consultant profile of lina@dota.test' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Meets prospects (consultant)' }));
    expect(within(dialog).getByText(/Saving removes this consultant/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(deletes).toEqual(['/api/admin/consultants/u-lina']));
  });
});
