import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../../../lib/i18n';
import type { Appointment } from '../../api/types';
import { AppointmentAnswers } from './AppointmentAnswers';

const base = {
  id: 'a1',
  name: 'Samia Haddad',
  service: 'developpement-web',
  source: 'form',
  answers: [],
  attribution: null,
  traffic_source: 'direct',
  campaign: '',
} as unknown as Appointment;

const answered = {
  ...base,
  answers: [
    {
      id: 'budget',
      type: 'choice',
      question: { fr: 'Votre budget', en: 'Your budget', ar: 'ميزانيتك' },
      value: 'large',
      label: { fr: 'Plus de 100 000 DA', en: 'Over 100,000 DA', ar: 'أكثر من 100000 دج' },
    },
    { id: 'site', type: 'url', question: { fr: 'Votre site actuel', en: 'Your current site', ar: '' }, value: 'https://exemple.dz/' },
    { id: 'goal', type: 'text', question: { fr: 'Le but du site', en: 'The site’s aim', ar: 'هدف الموقع' }, value: 'Vendre en ligne' },
  ],
  attribution: {
    first: { utm_source: 'facebook', utm_campaign: 'ramadan', fbclid: 'IwAR0abc', landing: '/services/developpement-web', at: '2026-11-20T10:00:00Z' },
    last: { referrer: 'google.com', landing: '/', at: '2026-11-21T09:00:00Z' },
  },
  traffic_source: 'google.com',
  campaign: 'ramadan',
} as unknown as Appointment;

describe('the details’ answers and where from', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('shows each answer with its question in the console’s language, a choice by its label, a web address as a link', async () => {
    await setLanguage('en');
    render(<AppointmentAnswers appointment={answered} />);
    const section = await screen.findByRole('region', { name: "Answers to the service's questions" });
    const terms = [...section.querySelectorAll('dt')].map((d) => d.textContent);
    // Arabic aside, the question missing in a language falls back to French.
    expect(terms).toEqual(['Your budget', 'Your current site', 'The site’s aim']);
    expect(within(section).getByText('Over 100,000 DA')).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'https://exemple.dz/' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://exemple.dz/',
      '_blank',
      'noopener noreferrer nofollow',
    ]);
    expect(within(section).getByText('Vendre en ligne')).toBeTruthy();

    await setLanguage('ar');
    const { container } = render(<AppointmentAnswers appointment={answered} />);
    const ar = await within(container).findByRole('region', { name: 'الإجابات عن أسئلة الخدمة' });
    expect([...ar.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['ميزانيتك', 'Votre site actuel', 'هدف الموقع']);
    expect(within(ar).getByText('أكثر من 100000 دج')).toBeTruthy();
  });

  it('says where the visit came from: source, campaign, first and last touch, only the values present', async () => {
    await setLanguage('fr');
    const { container } = render(<AppointmentAnswers appointment={answered} />);
    const section = await within(container).findByRole('region', { name: 'Provenance' });
    const pairs = (el: Element) => [...el.querySelectorAll('dt')].map((d) => [d.textContent, d.nextElementSibling?.textContent]);
    const [top, first, last] = [...section.querySelectorAll('dl')];
    expect(pairs(top!)).toEqual([
      ['Source', 'google.com'],
      ['Campagne', 'ramadan'],
    ]);
    expect(pairs(first!).slice(0, 4)).toEqual([
      ['utm_source', 'facebook'],
      ['utm_campaign', 'ramadan'],
      ['Identifiant de clic Facebook', 'IwAR0abc'],
      ["Page d'arrivée", '/services/developpement-web'],
    ]);
    expect(pairs(first!)).toHaveLength(5); // and when it arrived
    expect(pairs(last!).slice(0, 2)).toEqual([
      ['Site référent', 'google.com'],
      ["Page d'arrivée", '/'],
    ]);
    expect(within(section).getByRole('heading', { name: 'Dernière visite avant la réservation' })).toBeTruthy();
  });

  it('shows neither part for a booking without answers or attribution (the console’s own)', async () => {
    await setLanguage('en');
    const { container } = render(
      <>
        <AppointmentAnswers appointment={base} />
        <p>rendered</p>
      </>,
    );
    await screen.findByText('rendered');
    expect(container.textContent).toBe('rendered');
  });
});
