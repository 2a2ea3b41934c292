import { configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query';
import { yearsOfExperience } from '../contact';
import { SiteInfoProvider } from '../SiteInfo';
import { Breadcrumbs } from './Breadcrumbs';
import { Faq } from './Faq';
import { Stats } from './Stats';
import { TagList } from './TagList';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

describe('site components', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces(['site', 'booking', 'chat']);
  });

  it('shows three tags and a +N count', () => {
    render(<TagList items={['React', 'Go', 'SQL', 'Figma', 'SEO']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['React', 'Go', 'SQL', '+2']);
  });

  it('opens one FAQ answer at a time and closes it again', () => {
    render(
      <Faq
        items={[
          { question: 'Q1', answer: 'A1' },
          { question: 'Q2', answer: 'A2' },
        ]}
      />,
    );
    const [q1, q2] = screen.getAllByRole('button');
    fireEvent.click(q1!);
    expect(q1!.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(q2!);
    expect(q1!.getAttribute('aria-expanded')).toBe('false');
    expect(q2!.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(q2!);
    expect(q2!.getAttribute('aria-expanded')).toBe('false');
  });

  it("counts the catalogue's services and the years since the profile's founding year", async () => {
    expect(yearsOfExperience(2018, 2026)).toBe(8);
    expect(yearsOfExperience(undefined, 2026)).toBe(0);
    const answer = (url: string) =>
      url.includes('/api/site')
        ? { site_name: 'Dota', site_description: '', contact_email: '', maintenance_mode: false, agency: { founded_year: 2020, projects_delivered: 120, clients_served: 80 } }
        : { items: [{ slug: 'a' }, { slug: 'b' }, { slug: 'c' }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(answer(String(url))), { headers: { 'Content-Type': 'application/json' } })),
    );
    try {
      render(
        <QueryProvider>
          <SiteInfoProvider>
            <Stats />
          </SiteInfoProvider>
        </QueryProvider>,
      );
      const figures = () => screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent);
      await vi.waitFor(() => expect(figures()).toEqual(['120+', '80+', '3', `${new Date().getFullYear() - 2020}+`]));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('builds breadcrumbs from the path', () => {
    render(
      <MemoryRouter initialEntries={['/services/developpement-web']}>
        <Breadcrumbs current="Web development" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(Array.from(nav.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Home',
      'Services',
      'Web development',
    ]);
    expect(screen.getByText('Web development').getAttribute('aria-current')).toBe('page');
  });
});
