import { configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/App';
import { initI18n, setLanguage } from '../../lib/i18n';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('public site shell', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('fr');
  });

  it('shows the navigation and the language switcher', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' }, { timeout: 5000 });
    const hrefs = Array.from(nav.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/services', '/#projects', '/about', '/contact', '/rendez-vous']);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveProperty('textContent', 'Nous donnons vie à vos projets digitaux');
    for (const name of ['Français', 'English', 'العربية']) {
      expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0);
    }
  });

  it('answers unknown paths with the not-found page', async () => {
    renderAt('/nope');
    expect(await screen.findByText('Oups ! Page introuvable')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('loads the console lazily under /admin', async () => {
    renderAt('/admin/appointments');
    expect(await screen.findByText("La console d'administration se charge ici.")).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
  });
});
