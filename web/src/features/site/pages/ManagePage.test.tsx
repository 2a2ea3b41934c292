import { configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../app/App';
import { servedRoutes } from '../../../entry-server';
import { initI18n, setLanguage } from '../../../lib/i18n';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const appointment = {
  id: 'a1',
  service: 'Développement Web',
  date: '2099-01-06',
  time: '10:00',
  starts_at: '2099-01-06T09:00:00Z',
  status: 'pending',
  lang: 'fr',
  can_cancel: true,
  can_reschedule: true,
  notice_until: '2099-01-05T09:00:00Z',
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('the manage page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  // The agency's profile as the console's settings give it.
  const site = {
    site_name: 'Dota',
    site_description: '',
    contact_email: 'bonjour@agence.example',
    maintenance_mode: false,
    agency: { phones: ['+213 21 64 10 10'], hours: { days: ['sun', 'mon', 'tue', 'wed', 'thu'], opens: '09:00', closes: '17:00' } },
  };
  let manage: () => Response;
  const manageCalls: { url: string; lang: string | null }[] = [];

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    manageCalls.length = 0;
    manage = () => json(200, appointment);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/manage/')) {
        manageCalls.push({ url, lang: new Headers(init?.headers).get('Accept-Language') });
        return manage();
      }
      if (url.startsWith('/api/services')) return json(200, { items: [] });
      if (url.startsWith('/api/site')) return json(200, site);
      return json(404, { error: { code: 'not_found', message: 'not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is drawn in the browser only: the server sends the shell for it', () => {
    expect(servedRoutes().find((r) => r.pattern === '/manage/:token')).toMatchObject({ prerendered: false });
  });

  it('loads the appointment of the link in the visitor’s language and shows it', async () => {
    renderAt(`/manage/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre rendez-vous' })).toBeTruthy();
    expect(await screen.findByText('Développement Web')).toBeTruthy();
    expect(screen.getByText('mardi 6 janvier 2099')).toBeTruthy();
    expect(screen.getByText('En attente de confirmation')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Déplacer le rendez-vous' })).toBeTruthy();
    expect(manageCalls).toEqual([{ url: `/api/manage/${TOKEN}?lang=fr`, lang: 'fr' }]);
  });

  it('keeps the token out of the head and out of search engines', async () => {
    renderAt(`/manage/${TOKEN}`);
    await screen.findByText('Développement Web');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.innerHTML).not.toContain(TOKEN);
    expect(document.title).toContain('Votre rendez-vous');
  });

  it('says an unknown or expired link is no longer valid, with the agency’s contact from its profile and a way to book again', async () => {
    manage = () => json(404, { error: { code: 'not_found', message: 'Rendez-vous introuvable.' } });
    renderAt(`/manage/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "Ce lien n'est plus valide" })).toBeTruthy();
    expect((await screen.findAllByRole('link', { name: '+213 21 64 10 10' }))[0]!.getAttribute('href')).toBe('tel:+21321641010');
    expect(screen.getAllByRole('link', { name: 'bonjour@agence.example' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('dimanche – jeudi, 9:00 – 17:00').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Prendre un nouveau rendez-vous' }).getAttribute('href')).toBe('/rendez-vous');
  });

  it('does not ask the server about a link that cannot be one', async () => {
    renderAt('/manage/not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: "Ce lien n'est plus valide" })).toBeTruthy();
    expect(manageCalls).toEqual([]);
  });

  it('offers to try again when the server could not answer', async () => {
    manage = () => json(500, { error: { code: 'internal', message: 'boom' } });
    renderAt(`/manage/${TOKEN}`);
    expect(await screen.findByText(/Votre rendez-vous n'a pas pu être chargé/)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    manage = () => json(200, appointment);
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Développement Web')).toBeTruthy();
  });

  it('reads in Arabic, right to left, and asks the server in Arabic', async () => {
    await setLanguage('ar');
    manage = () => json(200, { ...appointment, service: 'تطوير المواقع' });
    renderAt(`/manage/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'موعدك' })).toBeTruthy();
    expect(await screen.findByText('تطوير المواقع')).toBeTruthy();
    expect(screen.getByText('في انتظار التأكيد')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(manageCalls.at(-1)).toEqual({ url: `/api/manage/${TOKEN}?lang=ar`, lang: 'ar' });
  });
});
