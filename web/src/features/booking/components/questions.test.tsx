import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../lib/i18n';
import { QueryProvider } from '../../../lib/query';
import { AppointmentForm } from './AppointmentForm';

// Lazy pages and locale files load slowly on a busy machine: wait longer than the defaults.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// The services as GET /api/services?lang=en answers: their questions already in English.
const services = [
  {
    name: 'Web development',
    slug: 'developpement-web',
    modes: ['office'],
    default_mode: 'office',
    questions: [
      {
        id: 'budget',
        type: 'choice',
        required: false,
        text: 'Your budget',
        options: [
          { value: 'small', label: 'Under 100,000 DA' },
          { value: 'large', label: 'Over 100,000 DA' },
        ],
      },
      { id: 'site', type: 'url', required: false, text: 'Your current site', options: [] },
      { id: 'goal', type: 'text', required: true, text: 'What should the site do?', options: [] },
      { id: 'pages', type: 'number', required: false, text: 'How many pages?', options: [] },
    ],
  },
  {
    name: 'Photography',
    slug: 'photographie',
    modes: ['office'],
    default_mode: 'office',
    questions: [
      {
        id: 'kind',
        type: 'choice',
        required: true,
        text: 'What to photograph',
        options: ['a', 'b', 'c', 'd', 'e', 'f'].map((v) => ({ value: v, label: `Kind ${v}` })),
      },
    ],
  },
  { name: 'Consultation', slug: 'consultation', modes: ['office'], default_mode: 'office', questions: [] },
];

describe('the booking form’s questions of the service', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let posts: Record<string, unknown>[];
  let bookAnswer: () => Response;

  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
    await i18n.loadNamespaces(['site', 'booking']);
  });
  beforeEach(() => {
    posts = [];
    bookAnswer = () => json(201, { id: 'a1', status: 'pending' });
    sessionStorage.setItem(
      'dota.attribution',
      JSON.stringify({ first: { utm_source: 'facebook', utm_campaign: 'ramadan', landing: '/' }, last: { utm_source: 'facebook' } }),
    );
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://dota.test');
      if (url.pathname === '/api/services') return json(200, { items: services });
      if (url.pathname === '/api/consultants') return json(200, { items: [] });
      if (url.pathname === '/api/slots') return json(200, { date: url.searchParams.get('date'), closed: false, slots: [] });
      if (url.pathname === '/api/appointments') {
        posts.push(JSON.parse(String(init?.body)));
        return bookAnswer();
      }
      return json(404, { error: { code: 'not_found', message: 'nope' } });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  const renderForm = () =>
    render(
      <MemoryRouter>
        <AppointmentForm />
      </MemoryRouter>,
      { wrapper: QueryProvider },
    );
  const catalogueLoaded = () =>
    waitFor(() => expect(screen.getByRole('option', { name: 'Consultation' }).getAttribute('value')).toBe('Consultation'));
  const choose = (service: string) => fireEvent.change(screen.getByLabelText('Service *'), { target: { value: service } });
  const fillContact = () => {
    fireEvent.change(screen.getByLabelText('Full name *'), { target: { value: 'Samia Haddad' } });
    fireEvent.change(screen.getByLabelText('Phone *'), { target: { value: '0770 11 22 33' } });
  };
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Request appointment' }));

  it('draws nothing before a service is chosen, nor for a service without questions', async () => {
    renderForm();
    await catalogueLoaded();
    expect(screen.queryByRole('group', { name: 'About your project' })).toBeNull();
    choose('Consultation');
    expect(screen.queryByRole('group', { name: 'About your project' })).toBeNull();
    expect(screen.queryByLabelText('Your current site')).toBeNull();
  });

  it('draws each question as a field of its type, the required ones marked', async () => {
    renderForm();
    await catalogueLoaded();
    choose('Web development');
    expect(screen.getByRole('group', { name: 'About your project' })).toBeTruthy();
    const budget = screen.getByRole('group', { name: 'Your budget' });
    expect(budget.querySelectorAll('input[type=radio]')).toHaveLength(2);
    expect(new Set([...budget.querySelectorAll('input')].map((i) => i.name)).size).toBe(1);
    const site = screen.getByLabelText('Your current site') as HTMLInputElement;
    expect([site.type, site.inputMode]).toEqual(['url', 'url']);
    const goal = screen.getByLabelText('What should the site do? *') as HTMLInputElement;
    expect([goal.type, goal.getAttribute('aria-required')]).toEqual(['text', 'true']);
    const pages = screen.getByLabelText('How many pages?') as HTMLInputElement;
    expect(pages.inputMode).toBe('decimal');
    expect(pages.getAttribute('aria-required')).toBeNull();

    // A choice of many options is a list to open.
    choose('Photography');
    const kind = screen.getByLabelText('What to photograph *') as HTMLSelectElement;
    expect(kind.tagName).toBe('SELECT');
    expect([...kind.options].map((o) => o.value)).toEqual(['', 'a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('sends the answers by question id with the visit’s attribution', async () => {
    renderForm();
    await catalogueLoaded();
    choose('Web development');
    fillContact();
    fireEvent.click(screen.getByRole('radio', { name: 'Over 100,000 DA' }));
    fireEvent.change(screen.getByLabelText('Your current site'), { target: { value: 'exemple.dz' } });
    fireEvent.change(screen.getByLabelText('What should the site do? *'), { target: { value: ' Sell online ' } });
    send();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      service: 'Web development',
      answers: { budget: 'large', site: 'exemple.dz', goal: 'Sell online' },
      attribution: { first: { utm_source: 'facebook', utm_campaign: 'ramadan' }, last: { utm_source: 'facebook' } },
    });
    expect(posts[0]!.answers).not.toHaveProperty('pages');
  });

  it('shows the server’s refusal of an answer beside its question, and drops it when the answer changes', async () => {
    bookAnswer = () =>
      json(400, {
        error: {
          code: 'validation',
          message: 'Invalid',
          fields: { 'answers.site': 'This is not a web address.', 'answers.goal': 'This answer is required.' },
        },
      });
    renderForm();
    await catalogueLoaded();
    choose('Web development');
    fillContact();
    const site = screen.getByLabelText('Your current site') as HTMLInputElement;
    fireEvent.change(site, { target: { value: 'pas une adresse' } });
    send();
    const refusal = await screen.findByText('This is not a web address.');
    expect(site.getAttribute('aria-invalid')).toBe('true');
    expect(site.getAttribute('aria-describedby')).toBe(refusal.id);
    expect(site.parentElement!.contains(refusal)).toBe(true);
    const goal = screen.getByLabelText('What should the site do? *');
    expect(document.getElementById(goal.getAttribute('aria-describedby')!)!.textContent).toBe('This answer is required.');
    fireEvent.change(site, { target: { value: 'exemple.dz' } });
    expect(screen.queryByText('This is not a web address.')).toBeNull();
    expect(screen.getByText('This answer is required.')).toBeTruthy();
  });

  it('drops the answers of the old service when another is chosen', async () => {
    renderForm();
    await catalogueLoaded();
    choose('Web development');
    fillContact();
    fireEvent.change(screen.getByLabelText('What should the site do? *'), { target: { value: 'Sell online' } });
    choose('Photography');
    choose('Web development');
    expect((screen.getByLabelText('What should the site do? *') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('What should the site do? *'), { target: { value: 'A showcase' } });
    choose('Consultation');
    send();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ service: 'Consultation', answers: {} });
  });
});
