import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query';
import { AppointmentForm } from './AppointmentForm';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const day = { date: '2030-01-06', closed: false, slots: [{ time: '09:00', label: '09:00', free: true, remaining: 1 }] };

const takers: Record<string, { id: string; name: string }[]> = {
  consultation: [
    { id: 'c-yacine', name: 'Yacine' },
    { id: 'c-lina', name: 'Lina' },
  ],
  'developpement-web': [{ id: 'c-lina', name: 'Lina' }],
};

describe('the booking form’s “With whom?”', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const asked: URL[] = [];
  const posts: Record<string, string>[] = [];

  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces(['site', 'booking']);
  });
  beforeEach(() => {
    asked.length = 0;
    posts.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://dota.test');
      asked.push(url);
      if (url.pathname === '/api/services')
        return json(200, {
          items: [
            { name: 'Web development', slug: 'developpement-web', modes: ['office'], default_mode: 'office' },
            { name: 'Consultation', slug: 'consultation', modes: ['office', 'video'], default_mode: 'office' },
          ],
        });
      if (url.pathname === '/api/consultants') return json(200, { items: takers[url.searchParams.get('service') ?? ''] ?? [] });
      if (url.pathname === '/api/slots') return json(200, { ...day, date: url.searchParams.get('date') });
      if (url.pathname === '/api/appointments') {
        posts.push(JSON.parse(String(init?.body)));
        return json(201, { id: 'a1', status: 'pending' });
      }
      return json(404, { error: { code: 'not_found', message: 'nope' } });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderForm = () =>
    render(
      <MemoryRouter>
        <AppointmentForm />
      </MemoryRouter>,
      { wrapper: QueryProvider },
    );

  // The catalogue's names replace the slugs offered before it loads.
  const catalogueLoaded = () =>
    waitFor(() => expect(screen.getByRole('option', { name: 'Consultation' }).getAttribute('value')).toBe('Consultation'));

  it('asks nothing of the consultants before a service is chosen', async () => {
    renderForm();
    await catalogueLoaded();
    expect(asked.some((u) => u.pathname === '/api/consultants')).toBe(false);
  });

  it('offers a choice only when several consultants take the service, and sends the one chosen', async () => {
    renderForm();
    await catalogueLoaded();
    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Web development' } });
    await waitFor(() => expect(asked.some((u) => u.searchParams.get('service') === 'developpement-web')).toBe(true));
    expect(screen.queryByLabelText('With whom? (optional)')).toBeNull();

    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Consultation' } });
    const select = (await screen.findByLabelText('With whom? (optional)')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['No preference', 'Yacine', 'Lina']);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'c-yacine' } });

    // The day's slots are asked for the service and the consultant chosen.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-06' } });
    await waitFor(() =>
      expect(
        asked.some(
          (u) => u.pathname === '/api/slots' && u.searchParams.get('service') === 'consultation' && u.searchParams.get('consultant') === 'c-yacine',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('radio', { name: '09:00' }));
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ service: 'Consultation', consultant_id: 'c-yacine', date: '2030-01-06', time: '09:00' });
  });

  it('sends no consultant with “No preference”', async () => {
    renderForm();
    await catalogueLoaded();
    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Consultation' } });
    await screen.findByLabelText('With whom? (optional)');
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).not.toHaveProperty('consultant_id');
  });
});
