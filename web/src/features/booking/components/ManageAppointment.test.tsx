import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query';
import type { ManagedAppointment } from '../api/manage';
import { ManageAppointment } from './ManageAppointment';

// Lazy locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function refusal(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return json(status, { error: { code, message, ...extra } });
}

// Far enough ahead that every slot is beyond the notice: 6 January 2099 (a Tuesday), 10:00 in Algiers.
const appointment: ManagedAppointment = {
  id: 'a1',
  service: 'Web Development',
  date: '2099-01-06',
  time: '10:00',
  starts_at: '2099-01-06T09:00:00Z',
  status: 'confirmed',
  lang: 'en',
  can_cancel: true,
  can_reschedule: true,
  notice_until: '2099-01-05T09:00:00Z',
  mode: 'office',
  meeting_url: '',
};

const day = (date: string) => ({
  date,
  closed: false,
  slots: [
    { time: '09:00', label: '09:00 AM', free: true, remaining: 1 },
    { time: '10:00', label: '10:00 AM', free: false, remaining: 0 },
    { time: '11:00', label: '11:00 AM', free: false, remaining: 0 },
    { time: '14:00', label: '02:00 PM', free: true, remaining: 1 },
  ],
});

describe('ManageAppointment', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const posts: { url: string; body: unknown; lang: string | null }[] = [];
  let answer: (url: string, body: unknown) => Response;
  let onStale: ReturnType<typeof vi.fn<() => void>>;

  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces(['manage', 'site', 'booking']);
  });
  beforeEach(() => {
    posts.length = 0;
    onStale = vi.fn<() => void>();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/slots')) return json(200, day(new URL(url, 'http://x').searchParams.get('date') ?? ''));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      posts.push({ url, body, lang: new Headers(init?.headers).get('Accept-Language') });
      return answer(url, body);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function Harness({ start = appointment }: { start?: ManagedAppointment }) {
    const [a, setA] = useState(start);
    return (
      <QueryProvider>
        <MemoryRouter>
          <ManageAppointment token={TOKEN} appointment={a} onChange={setA} onStale={onStale} contact={<p>Call +213 21 64 10 10</p>} />
        </MemoryRouter>
      </QueryProvider>
    );
  }

  it('shows the appointment for a person: service, date, time in Algiers, status, and until when it can change', async () => {
    render(<Harness />);
    expect(await screen.findByText('Web Development')).toBeTruthy();
    expect(screen.getByText('Tuesday, 6 January 2099')).toBeTruthy();
    expect(screen.getByText('10:00 (Algiers time)')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByText('You can move or cancel this appointment online until Monday, 5 January 2099 at 10:00.')).toBeTruthy();
  });

  it('says how the meeting happens, with the link of a video call to join', async () => {
    const link = 'https://meet.jit.si/dota-abcdefghijklmnopqrstuvwx';
    const { unmount } = render(<Harness start={{ ...appointment, mode: 'video', meeting_url: link }} />);
    expect(await screen.findByText('By video call')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the video call' }).getAttribute('href')).toBe(link);
    unmount();
    render(<Harness start={{ ...appointment, mode: 'phone', meeting_url: '' }} />);
    expect(await screen.findByText('By phone: we will call you')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Join the video call' })).toBeNull();
  });

  it('cancels only after the dialog, with focus kept safe and put back', async () => {
    answer = () => json(200, { ...appointment, status: 'cancelled', can_cancel: false, can_reschedule: false });
    render(<Harness />);
    const open = await screen.findByRole('button', { name: 'Cancel the appointment' });
    open.focus();
    fireEvent.click(open);

    // The dialog opens on "keep"; Escape keeps the appointment and gives focus back.
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    expect(within(dialog).getByText(/Web Development, on Tuesday, 6 January 2099 at 10:00/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my appointment' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
    expect(posts).toEqual([]);

    fireEvent.click(open);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    const done = await screen.findByText(/Your appointment is cancelled/);
    expect(posts).toEqual([{ url: `/api/manage/${TOKEN}/cancel?lang=en`, body: {}, lang: 'en' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    // The buttons are gone; focus is on what happened, and the way to book again is offered.
    expect(screen.queryByRole('button', { name: 'Cancel the appointment' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[role="status"]')));
    expect(screen.getByRole('link', { name: 'Book a new appointment' }).getAttribute('href')).toBe('/rendez-vous');
  });

  it('moves to a free slot of the chosen day', async () => {
    answer = (_url, body) => json(200, { ...appointment, ...(body as object), starts_at: '2099-01-07T13:00:00Z' });
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move the appointment' }));
    expect(screen.getByRole('button', { name: 'Move the appointment' }).getAttribute('aria-expanded')).toBe('true');
    // The panel takes focus, starts on the appointment's day and marks its own slot.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose a new slot' })));
    expect(await screen.findByText('(your slot)')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /10:00 AM/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /11:00 AM/ }) as HTMLInputElement).disabled).toBe(true);

    // Nothing chosen: the panel says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Move to this slot' }));
    expect(await screen.findByText('Choose a free slot.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New date'), { target: { value: '2099-01-07' } });
    fireEvent.click(await screen.findByRole('radio', { name: /02:00 PM/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to this slot' }));

    expect(await screen.findByText('Your appointment is moved to Wednesday, 7 January 2099 at 14:00. A confirmation is on its way by e-mail.')).toBeTruthy();
    expect(posts).toEqual([{ url: `/api/manage/${TOKEN}/reschedule?lang=en`, body: { date: '2099-01-07', time: '14:00' }, lang: 'en' }]);
    expect(screen.queryByRole('heading', { name: 'Choose a new slot' })).toBeNull();
    expect(screen.getByText('Wednesday, 7 January 2099')).toBeTruthy();
  });

  it('offers the alternatives of a slot taken meanwhile, each moving in one click', async () => {
    let first = true;
    answer = (_url, body) => {
      if (first) {
        first = false;
        return refusal(409, 'slot_taken', 'This slot was just taken.', {
          alternatives: [{ date: '2099-01-08', time: '15:00', label: '03:00 PM' }],
        });
      }
      return json(200, { ...appointment, ...(body as object) });
    };
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move the appointment' }));
    fireEvent.click(await screen.findByRole('radio', { name: /09:00 AM/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to this slot' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This slot was just taken.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(alert));
    fireEvent.click(within(alert).getByRole('button', { name: 'Move to Thursday, 8 January 2099 at 03:00 PM' }));
    expect(await screen.findByText(/Your appointment is moved to Thursday, 8 January 2099 at 15:00/)).toBeTruthy();
    expect(posts.map((p) => p.body)).toEqual([
      { date: '2099-01-06', time: '09:00' },
      { date: '2099-01-08', time: '15:00' },
    ]);
    expect(onStale).not.toHaveBeenCalled();
  });

  it.each([
    [422, 'too_late', 'This appointment is too close to be changed online. Call us on +213 21 64 10 10.'],
    [409, 'conflict', 'This appointment is already cancelled.'],
  ])('shows the server’s %i %s and loads the appointment again', async (status, code, message) => {
    answer = () => refusal(status, code, message);
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the appointment' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(within(await screen.findByRole('alert')).getByText(message)).toBeTruthy();
    expect(onStale).toHaveBeenCalledTimes(1);
  });

  it('says when to try again after a 429, and a generic word for a failure without an answer', async () => {
    answer = () => refusal(429, 'rate_limited', 'Too many requests, wait a minute.');
    render(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the appointment' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(within(await screen.findByRole('alert')).getByText('Too many requests, wait a minute.')).toBeTruthy();

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the appointment' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(within(await screen.findByRole('alert')).getByText('No connection. Check your network and try again.')).toBeTruthy();
    expect(onStale).not.toHaveBeenCalled();
  });

  it('inside the notice, explains why and how to reach the agency, with no button', async () => {
    const now = Date.parse('2099-01-05T12:00:00Z');
    vi.spyOn(Date, 'now').mockReturnValue(now);
    render(<Harness start={{ ...appointment, can_cancel: false, can_reschedule: false }} />);
    expect(
      await screen.findByText(
        'Online changes were possible until Monday, 5 January 2099 at 10:00. This close to the appointment, to cancel or move it, contact us directly:',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Call +213 21 64 10 10')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a cancelled appointment is cancelled and offers to book again', async () => {
    render(<Harness start={{ ...appointment, status: 'cancelled', can_cancel: false, can_reschedule: false }} />);
    expect(await screen.findByText('This appointment is cancelled. You can request a new one at any time.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a new appointment' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps slots inside the notice out of reach', async () => {
    // Now: Monday 5 January 2099, 09:30 in Algiers; the 6th's morning is less than 24 h away.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2099-01-05T08:30:00Z'));
    render(<Harness start={{ ...appointment, notice_until: '2099-01-05T09:00:00Z' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move the appointment' }));
    expect(await screen.findByText('(too soon)')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /09:00 AM/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /02:00 PM/ }) as HTMLInputElement).disabled).toBe(false);
  });

  it('reads in Arabic', async () => {
    await setLanguage('ar');
    try {
      render(<Harness />);
      expect(await screen.findByText('الثلاثاء، 6 جانفي 2099')).toBeTruthy();
      expect(screen.getByText('10:00 (بتوقيت الجزائر)')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'إلغاء الموعد' })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await setLanguage('en');
    }
  });
});
