import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodSection } from './PeriodFilters';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { StatCard } from '../../components/Feedback';
import { outcomeQueries } from '../api/outcomes';

const OutcomeCharts = lazy(() => import('./OutcomeCharts'));

/** A rate from 0 to 1 as a whole percentage in the reader's language. */
export function percent(lang: string, rate: number): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** The dashboard's section on what happened at meetings over a chosen period. */
export function OutcomeRates() {
  const { t, i18n } = useTranslation('console');
  return (
    <PeriodSection name="outcome-rates" title={t('dashboard.outcomes.title')} query={outcomeQueries.stats}>
      {(d) => (
        <>
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
    </PeriodSection>
  );
}
