import { configure, render, screen, within } from '@testing-library/react';
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
  status: 'confirmed',
  lang: 'fr',
  can_cancel: true,
  can_reschedule: true,
  notice_until: '2099-01-05T09:00:00Z',
  mode: 'office',
  meeting_url: '',
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('the reminder’s two answers', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let answer: () => Response;
  let manage: () => Response;
  const calls: string[] = [];

  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('fr');
    calls.length = 0;
    answer = () => json(200, { appointment, lang: 'fr', already: false });
    manage = () => json(200, appointment);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      calls.push(url);
      if (url.startsWith('/api/reconfirm/')) return answer();
      if (url.startsWith('/api/manage/')) return manage();
      if (url.startsWith('/api/services')) return json(200, { items: [] });
      if (url.startsWith('/api/site')) return json(200, { site_name: 'Dota', contact_email: 'bonjour@agence.example' });
      return json(404, { error: { code: 'not_found', message: 'not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is drawn in the browser only: the server sends the shell for it', () => {
    expect(servedRoutes().find((r) => r.pattern === '/reconfirm/:token')).toMatchObject({ prerendered: false });
  });

  it('"I’ll be there" says it is noted, with the way to change plans', async () => {
    renderAt(`/reconfirm/${TOKEN}`);
    expect(await screen.findByText("C'est noté : nous vous attendons le mardi 6 janvier 2099 à 10:00.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Finalement, je ne pourrai pas venir' }).getAttribute('href')).toBe(
      `/manage/${TOKEN}?action=cancel`,
    );
    expect(calls.filter((u) => u.startsWith('/api/reconfirm/'))).toEqual([`/api/reconfirm/${TOKEN}?lang=fr`]);
    expect(document.head.innerHTML).not.toContain(TOKEN);
  });

  it('says so when it was noted already, and in Arabic right to left', async () => {
    await setLanguage('ar');
    answer = () => json(200, { appointment: { ...appointment, lang: 'ar' }, lang: 'ar', already: true });
    renderAt(`/reconfirm/${TOKEN}`);
    expect(await screen.findByText(/سبق أن أخبرتنا بأنك ستحضر/)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('says why when the appointment is cancelled', async () => {
    answer = () => json(410, { error: { code: 'gone', message: 'Ce rendez-vous est annulé.' } });
    renderAt(`/reconfirm/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Plus rien à confirmer' })).toBeTruthy();
    expect(screen.getByText('Ce rendez-vous est annulé.')).toBeTruthy();
  });

  it('"I can’t come" opens the manage page on cancelling, with moving offered', async () => {
    renderAt(`/manage/${TOKEN}?action=cancel`);
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ce rendez-vous ?' });
    expect(within(dialog).getByRole('button', { name: 'Oui, annuler' })).toBeTruthy();
    expect(screen.getByTestId('manage-intent').textContent).toMatch(/déplacez le rendez-vous/);
    expect(screen.getByRole('button', { name: 'Déplacer le rendez-vous', hidden: true })).toBeTruthy();
  });

  it('inside the notice, "I can’t come" says whom to call', async () => {
    manage = () => json(200, { ...appointment, can_cancel: false, can_reschedule: false, notice_until: '2000-01-01T00:00:00Z' });
    renderAt(`/manage/${TOKEN}?action=cancel`);
    expect(await screen.findByTestId('manage-intent')).toBeTruthy();
    expect(screen.getByTestId('manage-intent').textContent).toMatch(/appelez-nous/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
