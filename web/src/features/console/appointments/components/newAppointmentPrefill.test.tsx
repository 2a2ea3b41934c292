import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../../lib/i18n';
import { QueryProvider } from '../../../../lib/query';
import { useSession } from '../../hooks/useSession';
import { isoDay } from '../../lib/time';
import NewAppointmentPage from '../NewAppointmentPage';

const ID = '0b7c6a52-3f0e-4b8e-9d55-2f4f3c1a9e10';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let currentUrl = '';
function Where() {
  const location = useLocation();
  currentUrl = location.pathname + location.search;
  return null;
}

/** A day a week from now, so the form's "not in the past" rule keeps it. */
function nextWeek(): string {
  const d = new Date();
  d.setDate(d.getDate() + 7);
  return isoDay(d);
}

describe('the new-appointment page from a conversation', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces('console');
  });
  beforeEach(() => {
    useSession.setState({
      status: 'signed-in',
      user: { id: 'u1', email: 'karim@dota.test', display_name: '', role: 'editor', role_label: 'Editor', permissions: [], is_active: true, created_by: '', created_at: '', updated_at: '' },
      pages: ['conversations', 'new-appointment'],
      permissions: ['appointments.create'],
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ status: 'unknown', user: null, pages: [], permissions: [] });
  });

  function renderWith(search: string, slotTime: string) {
    const date = nextWeek();
    const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.startsWith('/api/services')) return json(200, { items: [{ id: 's1', slug: 'seo', name: 'Référencement', category: 'web' }] });
      if (url.startsWith('/api/slots')) return json(200, { date, closed: false, slots: [{ time: slotTime, label: slotTime, free: true }] });
      if (url.startsWith('/api/admin/appointments') && init.method === 'POST') return json(201, { appointment: { id: 'a1' } });
      return json(404, { error: { code: 'not_found', message: 'nope' } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={[`/admin/new-appointment?conversation=${ID}&date=${date}&${search}`]}>
        <Routes>
          <Route path="/admin/new-appointment" element={<NewAppointmentPage />} />
          <Route path="/admin/conversations" element={<p>conversations</p>} />
        </Routes>
        <Where />
      </MemoryRouter>,
      { wrapper: QueryProvider },
    );
    return { fetch, date };
  }

  it('fills the form, matches the service by slug, books linked to the conversation and goes back to it', async () => {
    const { fetch, date } = renderWith('name=Amina&phone=0550123456&service=SEO&time=10:00', '10:00');
    expect((screen.getByRole('textbox', { name: /Full name/ }) as HTMLInputElement).value).toBe('Amina');
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('0550123456');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Service' }) as HTMLSelectElement).value).toBe('Référencement'));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement).value).toBe('10:00'));
    expect(screen.getByRole('link', { name: '← Back to the conversation' }).getAttribute('href')).toBe(`/admin/conversations?open=${ID}`);

    fireEvent.click(screen.getByRole('button', { name: 'Create the appointment' }));
    await waitFor(() => expect(currentUrl).toBe(`/admin/conversations?open=${ID}`));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new URLSearchParams(String(post[0]).split('?')[1]).get('conversation')).toBe(ID);
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ name: 'Amina', phone: '0550123456', service: 'Référencement', date, time: '10:00' });
  });

  it('drops a time that is no longer free and an unknown service, and says so', async () => {
    renderWith('name=Amina&phone=1&service=Mobile%20app&time=10:00', '11:00');
    expect(await screen.findByText('The time the visitor chose (10:00) is no longer free: pick another one.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /Time/ }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Service' }) as HTMLSelectElement).value).toBe('');
  });
});
