import { QueryProvider } from '../../../lib/query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { Newsletter } from './Newsletter';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('Newsletter', () => {
  const bodies: Record<string, string>[] = [];
  beforeAll(async () => {
    await initI18n();
    await setLanguage('fr');
    await i18n.loadNamespaces(['site']);
  });
  afterEach(() => {
    bodies.length = 0;
    vi.unstubAllGlobals();
  });

  const send = (answer: () => Response) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return answer();
      }),
    );
    render(<Newsletter />, { wrapper: QueryProvider });
    fireEvent.change(screen.getByLabelText(/une fois par mois/), { target: { value: 'lina@example.dz' } });
    fireEvent.click(screen.getByRole('button', { name: "S'abonner" }));
  };

  it("shows the server's rate-limit message in the visitor's language", async () => {
    const message = 'Trop de demandes ont été envoyées depuis votre connexion ou pour ces coordonnées. Veuillez réessayer dans 12 min.';
    send(() => json(429, { error: { code: 'rate_limited', message } }, { 'Retry-After': '700' }));
    expect(await screen.findByText(message, { selector: '#newsletter-message' })).toBeTruthy();
    expect(bodies[0]).toMatchObject({ email: 'lina@example.dz', website: '' });
  });

  it('subscribes with where the visit came from', async () => {
    const visit = { first: { referrer: 'linkedin.com', landing: '/blog' }, last: { referrer: 'linkedin.com', landing: '/blog' } };
    sessionStorage.setItem('dota.attribution', JSON.stringify(visit));
    send(() => json(201, { email: 'lina@example.dz' }));
    await waitFor(() => expect(bodies[0]).toEqual({ email: 'lina@example.dz', website: '', attribution: visit }));
    sessionStorage.removeItem('dota.attribution');
  });
});
