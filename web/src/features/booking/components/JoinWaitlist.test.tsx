import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/Toaster';
import { useToasts } from '../../../components/ui/toast';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query';
import { MemoryRouter } from 'react-router';
import { AppointmentForm } from './AppointmentForm';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const slots = (free: boolean) => ({
  date: '2030-01-06',
  closed: false,
  slots: [{ time: '10:00', label: '10:00 AM', free, remaining: free ? 1 : 0 }],
});

const taken = () =>
  json(409, { error: { code: 'slot_taken', message: 'This time slot has just been booked.', alternatives: [] } });

describe('the waitlist of a taken slot', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const bookings: Record<string, string>[] = [];
  const joins: { body: Record<string, string>; url: string }[] = [];
  let slotFree: boolean;
  let bookAnswer: () => Response;
  let joinAnswer: () => Response;

  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces(['site', 'booking']);
  });
  beforeEach(() => {
    bookings.length = 0;
    joins.length = 0;
    slotFree = true;
    useToasts.setState({ toasts: [] });
    bookAnswer = taken;
    joinAnswer = () =>
      json(201, { date: '2030-01-06', time: '10:00', label: '10:00 AM', email: 'samia@example.dz' });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/services')) return json(200, { items: [{ name: 'Web development' }] });
      if (url.startsWith('/api/slots')) return json(200, slots(slotFree));
      if (url.startsWith('/api/appointments')) {
        bookings.push(JSON.parse(String(init?.body)));
        // Once refused, the slot reads as full.
        const answer = bookAnswer();
        if (answer.status === 409) slotFree = false;
        return answer;
      }
      if (url.startsWith('/api/waitlist')) {
        joins.push({ url, body: JSON.parse(String(init?.body)) });
        return joinAnswer();
      }
      return json(204, {});
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Fills the form for 10:00 on 6 January 2030 and sends it: the server says it was just taken. */
  async function bookTakenSlot(email = '') {
    render(
      <MemoryRouter>
        <AppointmentForm />
        <Toaster />
      </MemoryRouter>,
      { wrapper: QueryProvider },
    );
    await screen.findByRole('option', { name: 'Web development' });
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('E-mail *'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
    fireEvent.change(screen.getByLabelText('Service *'), { target: { value: 'Web development' } });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-06' } });
    fireEvent.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));
    return screen.findByRole('button', { name: /^Join the waitlist for .*10:00 AM$/ });
  }

  it('asks for an e-mail before joining, next to the button and at the field', async () => {
    const join = await bookTakenSlot();
    const hint = screen.getByText('An e-mail address is needed to join the waitlist: enter yours in the form above.');
    expect(join.getAttribute('aria-describedby')).toBe(hint.id);

    fireEvent.click(join);
    expect(await screen.findByText('Enter your e-mail address to join the waitlist.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail *'));
    expect(joins).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('E-mail *'), { target: { value: 'samia@example.dz' } });
    expect(screen.queryByText(/An e-mail address is needed/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Join the waitlist for/ }).getAttribute('aria-describedby')).toBeNull();
  });

  it('joins with the form’s details, the honeypot and where the visit came from, and says the slot is waited for', async () => {
    const visit = { first: { utm_source: 'facebook', utm_campaign: 'ramadan', landing: '/' }, last: { referrer: 'linkedin.com', landing: '/contact' } };
    sessionStorage.setItem('dota.attribution', JSON.stringify(visit));
    const join = await bookTakenSlot('samia@example.dz');
    // The taken time is dropped from the form; the waitlist keeps the slot that was asked for.
    await waitFor(() => expect((screen.getByRole('radio', { name: /10:00 AM/ }) as HTMLInputElement).disabled).toBe(true));
    fireEvent.click(join);
    const done = await screen.findByText(
      /^You are in line for .*10:00 AM\. If it frees up we will e-mail samia@example\.dz and hold it for you\.$/,
    );
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(joins).toHaveLength(1);
    expect(joins[0]!.url).toBe('/api/waitlist?lang=en');
    expect(joins[0]!.body).toEqual({
      date: '2030-01-06',
      time: '10:00',
      name: 'Samia Haddad',
      phone: '0770 11 22 33',
      email: 'samia@example.dz',
      service: 'Web development',
      website: '',
      attribution: visit,
    });
    sessionStorage.removeItem('dota.attribution');
  });

  it('says the slot is free again and books it', async () => {
    joinAnswer = () => json(409, { error: { code: 'conflict', message: 'This slot is free: book it instead.' } });
    fireEvent.click(await bookTakenSlot('samia@example.dz'));
    expect(await screen.findByText(/^Good news: .*10:00 AM is free now\. You can book it right away\.$/)).toBeTruthy();

    bookAnswer = () => json(201, { id: 'a1', status: 'pending', email: 'samia@example.dz' });
    fireEvent.click(screen.getByRole('button', { name: /^Book .*10:00 AM$/ }));
    expect(await screen.findByText('Appointment Requested!')).toBeTruthy();
    expect(bookings.at(-1)).toMatchObject({ date: '2030-01-06', time: '10:00', email: 'samia@example.dz' });
  });

  it('shows a refusal as the form shows its errors', async () => {
    joinAnswer = () =>
      json(400, { error: { code: 'validation', message: 'Please check the form.', fields: { phone: 'This phone number is not valid.' } } });
    fireEvent.click(await bookTakenSlot('samia@example.dz'));
    expect(await screen.findByText('This phone number is not valid.')).toBeTruthy();
    expect(screen.getByLabelText('Phone *').getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Please check the form.')).toBeTruthy();

    joinAnswer = () => json(500, { error: { code: 'internal', message: 'boom' } });
    fireEvent.click(screen.getByRole('button', { name: /^Join the waitlist for/ }));
    expect(await screen.findByText('Could not join the waitlist. Please try again.')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(joins).toHaveLength(2);
  });
});
