import { configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query';
import { SiteInfoProvider } from '../SiteInfo';
import PrivacyPage from './PrivacyPage';

// Locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const site = {
  site_name: 'Nadi Studio',
  site_description: '',
  contact_email: 'privacy@nadi.example',
  maintenance_mode: false,
  agency: { address: { street: '3 rue Larbi Ben Mhidi', city: 'Oran', postal_code: '31000', country: 'DZ', country_name: 'Algérie' } },
};

describe('PrivacyPage', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('fr');
    await i18n.loadNamespaces(['site']);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en');
  });

  it("names as the controller the agency of the settings, at its profile's address", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        new Response(JSON.stringify(String(url).includes('/api/site') ? site : {}), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    render(
      <QueryProvider>
        <SiteInfoProvider>
          <MemoryRouter initialEntries={['/confidentialite']}>
            <PrivacyPage />
          </MemoryRouter>
        </SiteInfoProvider>
      </QueryProvider>,
    );
    expect(
      await screen.findByText(
        'Ce site est édité par Nadi Studio, agence digitale. Nadi Studio est responsable des données personnelles collectées par ce site.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Adresse : 3 rue Larbi Ben Mhidi, 31000 Oran, Algérie.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Alger\b|2018/);
  });
});
