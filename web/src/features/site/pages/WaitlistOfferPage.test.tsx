import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../app/App';
import { servedRoutes } from '../../../entry-server';
import { initI18n, setLanguage } from '../../../lib/i18n';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'b2ZmZXJ0b2tlbjEyMzQ1Njc4OTBhYmNkZWZnaGlqa2w';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const gone = () => json(410, { error: { code: 'gone', message: 'This offer is no longer open.' } });

/** An open offer for Tuesday, 6 January 2099 at 10:00 (Algiers), held for 2 h 30 min more. */
function offer(extra: Record<string, unknown> = {}) {
  return {
    state: 'offered',
    service: 'Web Development',
    date: '2099-01-06',
    time: '10:00',
    label: '10:00 AM',
    starts_at: '2099-01-06T09:00:00Z',
    hold_until: new Date(Date.now() + (150 * 60 + 30) * 1000).toISOString(),
    lang: 'en',
    ...extra,
  };
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('the waitlist offer page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calls: { method: string; url: string; body: unknown }[] = [];
  let load: () => Response;
  let accept: () => Response;
  let decline: () => Response;

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en');
    calls.length = 0;
    load = () => json(200, offer());
    accept = () => json(201, { id: 'a1', status: 'confirmed', email: 'samia@example.dz', confirmation_email: true });
    decline = () => json(200, { state: 'declined' });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/waitlist/offers/')) {
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.includes('/accept')) return accept();
        if (url.includes('/decline')) return decline();
        return load();
      }
      if (url.startsWith('/api/services')) return json(200, { items: [] });
      return json(404, { error: { code: 'not_found', message: 'not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is drawn in the browser only: the server sends the shell for it', () => {
    expect(servedRoutes().find((r) => r.pattern === '/waitlist/offers/:token')).toMatchObject({ prerendered: false });
  });

  it('shows the slot held, until when and the time left, in the page’s language, and keeps the token out of the head', async () => {
    await setLanguage('fr');
    renderAt(`/waitlist/offers/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "Une place s'est libérée pour vous" })).toBeTruthy();
    expect(await screen.findByText('Web Development')).toBeTruthy();
    expect(screen.getByText('mardi 6 janvier 2099')).toBeTruthy();
    expect(screen.getByText("10:00 (heure d'Alger)")).toBeTruthy();
    expect(screen.getByText('Fin de la réservation')).toBeTruthy();
    expect(screen.getByText('encore 2 h 30 min')).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', url: `/api/waitlist/offers/${TOKEN}?lang=fr`, body: undefined }]);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.innerHTML).not.toContain(TOKEN);
  });

  it('accepts: the slot is booked and a confirmation e-mail is announced', async () => {
    renderAt(`/waitlist/offers/${TOKEN}`);
    fireEvent.click(await screen.findByTestId('offer-accept'));
    const result = await screen.findByTestId('offer-result');
    expect(result.textContent).toBe('Booked: Tuesday, 6 January 2099 at 10:00. A confirmation is on its way to your e-mail.');
    expect(result.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(calls.at(-1)).toEqual({ method: 'POST', url: `/api/waitlist/offers/${TOKEN}/accept?lang=en`, body: {} });
    expect(screen.queryByTestId('offer-accept')).toBeNull();
    expect(screen.queryByTestId('offer-decline')).toBeNull();
  });

  it('says it is booked without promising an e-mail when none is sent', async () => {
    accept = () => json(201, { id: 'a1', status: 'confirmed', confirmation_email: false });
    renderAt(`/waitlist/offers/${TOKEN}`);
    fireEvent.click(await screen.findByTestId('offer-accept'));
    expect((await screen.findByTestId('offer-result')).textContent).toBe('Booked: Tuesday, 6 January 2099 at 10:00.');
  });

  it('shows an offer accepted earlier as booked, with nothing left to answer', async () => {
    load = () => json(200, offer({ state: 'accepted', appointment_id: 'a1' }));
    renderAt(`/waitlist/offers/${TOKEN}`);
    expect((await screen.findByTestId('offer-result')).textContent).toBe('Booked: Tuesday, 6 January 2099 at 10:00.');
    expect(screen.queryByTestId('offer-accept')).toBeNull();
    expect(screen.queryByText('Held for you until')).toBeNull();
  });

  it('declines only once confirmed, then thanks the person', async () => {
    renderAt(`/waitlist/offers/${TOKEN}`);
    fireEvent.click(await screen.findByTestId('offer-decline'));
    expect(screen.getByRole('heading', { name: 'Decline this slot?' })).toBeTruthy();
    expect(screen.getByText('Tuesday, 6 January 2099 at 10:00 will be offered to the next person in line. This cannot be undone.')).toBeTruthy();
    const keep = screen.getByRole('button', { name: 'Keep the offer' });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(screen.queryByRole('heading', { name: 'Decline this slot?' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByTestId('offer-decline'));
    fireEvent.click(screen.getByTestId('offer-decline-confirm'));
    expect((await screen.findByTestId('offer-result')).textContent).toContain('Thank you, the slot goes to the next person.');
    expect(calls.at(-1)).toEqual({ method: 'POST', url: `/api/waitlist/offers/${TOKEN}/decline?lang=en`, body: {} });
    expect(screen.getByRole('link', { name: 'Book another slot' }).getAttribute('href')).toBe('/rendez-vous');
    expect(screen.queryByTestId('offer-accept')).toBeNull();
  });

  it('says an offer that closed meanwhile has expired or was taken', async () => {
    accept = gone;
    renderAt(`/waitlist/offers/${TOKEN}`);
    fireEvent.click(await screen.findByTestId('offer-accept'));
    const result = await screen.findByTestId('offer-result');
    expect(result.textContent).toContain('This offer has expired or the slot was taken.');
    expect(result.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('offer-accept')).toBeNull();
  });

  it('says so when the link opens a closed offer, or none', async () => {
    load = gone;
    const { unmount } = renderAt(`/waitlist/offers/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer is closed' })).toBeTruthy();
    expect(screen.getByTestId('offer-result').textContent).toBe('This offer has expired or the slot was taken.');
    unmount();

    load = () => json(404, { error: { code: 'not_found', message: 'Not found.' } });
    renderAt(`/waitlist/offers/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book another slot' }).getAttribute('href')).toBe('/rendez-vous');
  });

  it('asks the server again when the hold runs out on screen', async () => {
    let loads = 0;
    load = () => (++loads === 1 ? json(200, offer({ hold_until: new Date(Date.now() - 1000).toISOString() })) : gone());
    renderAt(`/waitlist/offers/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer is closed' })).toBeTruthy();
    expect(loads).toBe(2);
  });

  it('offers to try again when the server could not answer, on load and on accept', async () => {
    load = () => json(500, { error: { code: 'internal', message: 'boom' } });
    renderAt(`/waitlist/offers/${TOKEN}`);
    expect(await screen.findByText(/Your offer could not be loaded/)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    load = () => json(200, offer());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    accept = () => json(503, { error: { code: 'unavailable', message: 'down' } });
    fireEvent.click(await screen.findByTestId('offer-accept'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    accept = () => json(201, { id: 'a1', status: 'confirmed', confirmation_email: true });
    fireEvent.click(screen.getByTestId('offer-accept'));
    expect((await screen.findByTestId('offer-result')).textContent).toMatch(/^Booked: /);
  });

  it('reads in Arabic, right to left, and asks the server in Arabic', async () => {
    await setLanguage('ar');
    load = () => json(200, offer({ service: 'تطوير المواقع' }));
    renderAt(`/waitlist/offers/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'تحرّر مكان من أجلك' })).toBeTruthy();
    expect(await screen.findByText('تطوير المواقع')).toBeTruthy();
    expect(screen.getByTestId('offer-accept').textContent).toBe('قبول وحجز');
    expect(document.documentElement.dir).toBe('rtl');
    expect(calls.at(-1)?.url).toBe(`/api/waitlist/offers/${TOKEN}?lang=ar`);
  });
});
