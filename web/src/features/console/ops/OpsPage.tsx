import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/Skeleton';
import { OPS_WINDOWS, type OpsWindow } from './api/ops';
import { opsQueries } from './api/ops';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { StatCard } from '../components/Feedback';
import { seriesLabel } from './components/opsLabels';
import { Ratings } from './components/Ratings';

const OpsCharts = lazy(() => import('./components/OpsCharts'));

/** How often the page refreshes its series. */
const REFRESH_MS = 15_000;

/** /admin/ops: the chat engine's and the AI's series over 1 h, 24 h or 7 d. */
export default function OpsPage() {
  const { t } = useTranslation('console');
  const [window, setWindow] = useState<OpsWindow>('1h');
  const data = useQuery({ ...opsQueries.series(window), refetchInterval: REFRESH_MS });

  return (
    <section className="page" aria-labelledby="ops-title">
      <header className="page__header">
        <h1 id="ops-title">{t('ops.title')}</h1>
        <div className="page__actions" role="group" aria-label={t('ops.window')}>
          {OPS_WINDOWS.map((w) => (
            <button key={w} type="button" className="btn" aria-pressed={w === window} onClick={() => setWindow(w)}>
              {t(`ops.windows.${w}`)}
            </button>
          ))}
        </div>
      </header>
      {data.error && data.data === undefined ? (
        <ErrorState error={data.error} onRetry={() => void data.refetch()} />
      ) : data.isPending ? (
        <Skeleton rows={6} />
      ) : !data.data || data.data.series.length === 0 ? (
        <>
          <EmptyState>{t('ops.empty')}</EmptyState>
          {data.data && <Ratings weeks={data.data.ratings} />}
        </>
      ) : (
        <>
          {Object.keys(data.data.totals).length > 0 && (
            <div className="stats-grid" aria-label={t('ops.totals')} role="group">
              {Object.entries(data.data.totals).map(([name, value]) => (
                <StatCard
                  key={name}
                  label={seriesLabel(t, name)}
                  value={Number.isInteger(value) ? value : value.toFixed(1)}
                />
              ))}
            </div>
          )}
          <Suspense fallback={<Skeleton rows={6} />}>
            <OpsCharts series={data.data.series} />
          </Suspense>
          <Ratings weeks={data.data.ratings} />
        </>
      )}
    </section>
  );
}
