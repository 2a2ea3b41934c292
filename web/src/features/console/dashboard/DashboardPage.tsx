import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast';
import { dashboardQueries, type Dashboard } from './api/dashboard';
import { everyMember } from '../api/types';
import { keys as queryKeys } from '../api/keys';
import { ErrorState } from '../../../components/ui/ErrorState';
import { StatCard } from '../components/Feedback';
import { useFallbackPoll, useLiveInvalidate } from '../hooks/useLive';
import { OutcomeRates } from './components/OutcomeRates';
import { TrafficSources } from './components/TrafficSources';

const DashboardCharts = lazy(() => import('./components/DashboardCharts'));

/** The dashboard's cards, in this order (every card the server counts). */
const CARD_ORDER = everyMember<keyof Dashboard['cards']>()([
  'total',
  'pending',
  'confirmed',
  'cancelled',
  'completed',
  'today',
  'this_week',
  'upcoming',
  'clients',
  'unread_notifications',
]);

/** /admin/dashboard: stat cards, refresh, quick actions and charts, where bookings come from, and the meetings' outcomes. */
export default function DashboardPage() {
  const { t } = useTranslation('console');
  const data = useQuery(dashboardQueries.summary());
  useLiveInvalidate(['appointment.'], [queryKeys.dashboard], 500);
  useFallbackPoll(() => void data.refetch(), 60_000);

  return (
    <section className="page" aria-labelledby="dashboard-title">
      <header className="page__header">
        <h1 id="dashboard-title">{t('dashboard.title')}</h1>
        <div className="page__actions">
          <button type="button" className="btn" onClick={() => void data.refetch().then(() => toast.success(t('dashboard.refreshed')))}>
            {t('action.refresh')}
          </button>
          <Link className="btn" to="/admin/appointments">
            {t('dashboard.toAppointments')}
          </Link>
          <Link className="btn btn--primary" to="/admin/new-appointment">
            {t('dashboard.toNew')}
          </Link>
        </div>
      </header>
      {data.error && !data.data ? (
        <ErrorState error={data.error} onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        <Skeleton rows={6} />
      ) : (
        <>
          <div className="stats-grid">
            {CARD_ORDER.map((k) => (
              <StatCard key={k} label={t(`dashboard.card.${k}`)} value={data.data.cards[k]} tone={k} />
            ))}
          </div>
          <Suspense fallback={<Skeleton rows={6} />}>
            <DashboardCharts data={data.data} />
          </Suspense>
        </>
      )}
      <TrafficSources />
      <OutcomeRates />
    </section>
  );
}
