import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodFilters } from './PeriodFilters';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { StatCard } from '../../components/Feedback';
import { outcomeQueries, type OutcomePeriod } from '../api/outcomes';

const OutcomeCharts = lazy(() => import('./OutcomeCharts'));

/** A rate from 0 to 1 as a whole percentage in the reader's language. */
export function percent(lang: string, rate: number): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** The dashboard's section on what happened at meetings over a chosen period. */
export function OutcomeRates() {
  const { t, i18n } = useTranslation('console');
  const [period, setPeriod] = useState<OutcomePeriod>({ from: '', to: '' });
  const stats = useQuery(outcomeQueries.stats(period));
  const d = stats.data;
  return (
    <section className="outcome-rates" aria-labelledby="outcome-rates-title">
      <header className="page__header">
        <h2 id="outcome-rates-title">{t('dashboard.outcomes.title')}</h2>
        <PeriodFilters period={period} shown={d} onChange={setPeriod} />
      </header>
      {stats.error && !d ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !d ? (
        <Skeleton rows={3} />
      ) : (
        <>
          {stats.error !== null && <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />}
          <div className="stats-grid">
            <div data-testid="reconfirmation-rate">
              <StatCard label={t('dashboard.outcomes.reconfirmationRate', { count: d.meetings })} value={percent(i18n.language, d.reconfirmation_rate)} />
            </div>
            <div data-testid="no-show-rate">
              <StatCard
                label={t('dashboard.outcomes.noShowRate', { count: d.attended + d.no_show })}
                value={percent(i18n.language, d.no_show_rate)}
              />
            </div>
          </div>
          <Suspense fallback={<Skeleton rows={4} />}>
            <OutcomeCharts data={d} />
          </Suspense>
        </>
      )}
    </section>
  );
}
