import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../../lib/i18n';
import { fetchOps } from '../api/ops';
import { Ratings } from './Ratings';

describe('the rate of visitors helped', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.loadNamespaces('console');
    await setLanguage('en');
  });

  it('shows each staff member per week, with the rate', () => {
    render(
      <Ratings
        weeks={[
          { week: '2026-11-23', agent_id: 'a', agent: 'Karima', helpful: 3, total: 4, rate: 0.75 },
          { week: '2026-11-16', agent_id: '', agent: '', helpful: 0, total: 1, rate: 0 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Visitors helped after a hand-off' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Nov 23, 2026', 'Karima', '3', '4', '75%'],
      ['Nov 16, 2026', 'Former staff member', '0', '1', '0%'],
    ]);
  });

  it('says when no visitor has answered', () => {
    render(<Ratings weeks={[]} />);
    expect(screen.getByText('No visitor has answered yet.')).toBeTruthy();
  });

  it("reads the ratings beside the series, and makes no series of them", async () => {
    const body = {
      window: '1h',
      step_seconds: 60,
      points: [{ t: '2026-11-23T10:00:00Z', messages: 2 }],
      totals: { messages: 2 },
      ratings: [{ week: '2026-11-23', agent_id: 'a', agent: 'Karima', helpful: 1, total: 1, rate: 1 }],
    };
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
    try {
      const ops = await fetchOps('1h');
      expect(ops?.ratings).toEqual(body.ratings);
      expect(ops?.series.map((s) => s.name)).toEqual(['messages']);
    } finally {
      globalThis.fetch = original;
    }
  });
});
