import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/Toaster';
import { useToasts } from '../../../components/ui/toast';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppointmentForm, FALLBACK_SERVICES } from './AppointmentForm';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const day = {
  date: '2030-01-06',
  closed: false,
  slots: [
    { time: '09:00', label: '09:00 AM', free: true, remaining: 1 },
    { time: '10:00', label: '10:00 AM', free: false, remaining: 0 },
  ],
};

describe('AppointmentForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const posts: { body: Record<string, string>; key: string | null }[] = [];
  let bookAnswer: () => Response;
  let challenge: unknown = null;

  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces(['site', 'booking', 'chat']);
  });
  beforeEach(() => {
    posts.length = 0;
    useToasts.setState({ toasts: [] });
    bookAnswer = () => json(201, { id: 'a1', status: 'pending' });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/services'))
        return json(200, {
          items: [
            { name: 'Web development', modes: ['office'], default_mode: 'office' },
            { name: 'Consultation', modes: ['office', 'phone', 'video'], default_mode: 'office' },
          ],
        });
      if (url.startsWith('/api/slots')) return json(200, day);
      if (url.startsWith('/api/challenge')) return json(200, challenge);
      if (url.startsWith('/api/appointments')) {
        posts.push({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('Idempotency-Key') });
        return bookAnswer();
      }
      return json(204, {});
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderForm = () =>
    render(
      <MemoryRouter>
        <AppointmentForm />
        <Toaster />
      </MemoryRouter>,
      { wrapper: QueryProvider },
    );

  it('asks for the name and phone with the destructive toast', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    expect(await screen.findByText('Please fill in required fields')).toBeTruthy();
    expect(screen.getByText('Name and phone number are required.')).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('names only the field that is missing', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    expect(await screen.findByText('Phone number is required.')).toBeTruthy();
    expect(screen.queryByText('Name and phone number are required.')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('books a free slot, then resets the form', async () => {
    renderForm();
    await screen.findByRole('option', { name: 'Web development' });
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Web development' } });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-06' } });
    const taken = await screen.findByRole('radio', { name: /10:00 AM/ });
    expect((taken as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /09:00 AM/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    expect(await screen.findByText('Appointment Requested!')).toBeTruthy();
    expect(posts[0]!.body).toMatchObject({ name: 'Samia Haddad', phone: '0770 11 22 33', date: '2030-01-06', time: '09:00' });
    expect(posts[0]!.key).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Full name *') as HTMLInputElement).value).toBe(''));
  });

  // The server's list, not the fallback one (whose options hold slugs).
  const catalogueLoaded = () =>
    waitFor(() => expect(screen.getByRole('option', { name: 'Consultation' }).getAttribute('value')).toBe('Consultation'));

  it('asks how to meet only for a service offering more than one way, and sends the choice', async () => {
    renderForm();
    await catalogueLoaded();
    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Web development' } });
    expect(screen.queryByRole('group', { name: 'How would you like to meet?' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Consultation' } });
    const group = screen.getByRole('group', { name: 'How would you like to meet?' });
    const office = screen.getByRole('radio', { name: 'At our office' }) as HTMLInputElement;
    expect(office.checked).toBe(true); // the service's default
    expect(group.querySelectorAll('input[type=radio]')).toHaveLength(3);
    // One group: the arrow keys move between its radios, as the browser does for a shared name.
    const names = new Set([...group.querySelectorAll('input')].map((i) => i.name));
    expect(names.size).toBe(1);
    fireEvent.click(screen.getByRole('radio', { name: 'By video call' }));
    expect((screen.getByRole('radio', { name: 'By video call' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ service: 'Consultation', mode: 'video' });
  });

  it('shows the refusal of a mode under the choice', async () => {
    bookAnswer = () =>
      json(400, { error: { code: 'validation', message: 'Invalid', fields: { mode: 'This service is not offered this way.' } } });
    renderForm();
    await catalogueLoaded();
    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Consultation' } });
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    expect(await screen.findByText('This service is not offered this way.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'How would you like to meet?' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the booking’s confirmation page when the server gives its manage link', async () => {
    bookAnswer = () => json(201, { id: 'a3', status: 'pending', email: 'samia@haddad.dz', confirmation_email: true, manage_token: 'T'.repeat(43) });
    function Landed() {
      const { pathname, state } = useLocation();
      return <p>{`landed on ${pathname} for ${(state as { email?: string } | null)?.email}`}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/rendez-vous']}>
        <Routes>
          <Route path="/rendez-vous" element={<AppointmentForm />} />
          <Route path="/rendez-vous/confirmation/:token" element={<Landed />} />
        </Routes>
        <Toaster />
      </MemoryRouter>,
      { wrapper: QueryProvider },
    );
    await screen.findByRole('option', { name: 'Web development' });
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    expect(await screen.findByText(`landed on /rendez-vous/confirmation/${'T'.repeat(43)} for samia@haddad.dz`)).toBeTruthy();
    expect(screen.queryByText('Appointment Requested!')).toBeNull();
  });

  it('retries with the same key and offers the alternatives of a taken slot', async () => {
    bookAnswer = () =>
      json(409, {
        error: {
          code: 'slot_taken',
          message: 'This time slot has just been booked.',
          alternatives: [{ date: '2030-01-07', time: '11:00', label: '11:00 AM' }],
        },
      });
    renderForm();
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    await screen.findByRole('button', { name: /11:00 AM/ });
    expect(screen.getByText('This time slot has just been booked.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.key).toBe(posts[0]!.key);

    bookAnswer = () => json(201, { id: 'a2', status: 'pending' });
    fireEvent.click(await screen.findByRole('button', { name: /11:00 AM/ }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]!.body).toMatchObject({ date: '2030-01-07', time: '11:00' });
    expect(posts[2]!.key).not.toBe(posts[0]!.key);
    expect(await screen.findByText('Appointment Requested!')).toBeTruthy();
  });
  it('shows the rate limit in the visitor\'s language', async () => {
    bookAnswer = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'rate_limited',
            message: 'Too many requests were sent from your connection or for these contact details. Please try again in 42 min.',
          },
        }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '2520' } },
      );
    renderForm();
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    const alert = await screen.findByText(
      'Too many requests were sent from your connection or for these contact details. Please try again in 42 min.',
      { selector: 'form p' },
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.website).toBe('');
  });

  it('solves the challenge the server asks for, then sends the form again with it', async () => {
    const salt = 'feedc0de?expires=4102444800&';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(salt + 1234));
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    challenge = { algorithm: 'SHA-256', challenge: hex, maxNumber: 5000, salt, signature: 'signed' };
    bookAnswer = () =>
      posts.length === 1
        ? json(429, { error: { code: 'rate_limited', message: 'A short anti-robot check is needed.', challenge: 'required' } })
        : json(201, { id: 'a3', status: 'pending' });
    renderForm();
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    expect(await screen.findByText('Appointment Requested!')).toBeTruthy();
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body.altcha).toBeUndefined();
    const solution = JSON.parse(atob(posts[1]!.body.altcha!));
    expect(solution).toMatchObject({ number: 1234, salt, signature: 'signed', challenge: hex });
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(document.querySelector('form p[role="alert"]')).toBeNull();
  });

  it('keeps the honeypot out of sight and out of the tab order', () => {
    const { container } = renderForm();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')?.className).toBe('visually-hidden');
  });

  it('explains a day beyond the booking horizon', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/slots')) {
        return json(200, { date: '2199-12-31', closed: true, reason: 'beyond_horizon', horizon_days: 90, slots: [] });
      }
      return json(200, { items: [] });
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2199-12-31' } });
    expect(await screen.findByText('We take bookings up to 90 days ahead: please choose an earlier date.')).toBeTruthy();
  });

  it("names the services in the reader's language while the catalogue is not there, and sends their slugs", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/services')) return json(503, { error: 'unavailable' });
      if (url.startsWith('/api/slots')) return json(200, day);
      return json(204, {});
    });
    const optionsIn = async (lang: string) => {
      await setLanguage(lang);
      const view = renderForm();
      const select = (await screen.findByLabelText(lang === 'fr' ? 'Service *' : /\*$/, { selector: 'select' })) as HTMLSelectElement;
      const options = [...select.options].slice(1).map((o) => [o.value, o.textContent]);
      view.unmount();
      return options;
    };
    try {
      const fr = await optionsIn('fr');
      expect(fr).toHaveLength(FALLBACK_SERVICES.length);
      expect(fr[0]).toEqual(['developpement-web', 'Développement web']);
      expect(fr.map(([, name]) => name)).toContain('Formation');
      const ar = await optionsIn('ar');
      expect(ar[0]).toEqual(['developpement-web', 'تطوير المواقع']);
      // No English name in the French or Arabic form, and no text key left unnamed.
      for (const [, name] of [...fr, ...ar]) {
        expect(name).not.toMatch(/Development|Training|fallbackServices/);
      }
    } finally {
      await setLanguage('en');
    }
  });
});
