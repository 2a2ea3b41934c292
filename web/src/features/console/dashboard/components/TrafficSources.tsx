import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodSection } from './PeriodFilters';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { StatCard } from '../../components/Feedback';
import { sourceName, sourceQueries, type SourceRow } from '../api/sources';
import { percent } from './OutcomeRates';

const SourceChart = lazy(() => import('./SourceChart'));

/** The dashboard's section "Where bookings come from": totals, a row per source and campaign, and a chart, over a chosen period. */
export function TrafficSources() {
  const { t, i18n } = useTranslation('console');
  const rate = (r: number | null) => (r === null ? '—' : percent(i18n.language, r));
  return (
    <PeriodSection name="traffic-sources" testId="traffic-sources" title={t('dashboard.sources.title')} query={sourceQueries.stats}>
      {(d) => (
        <>
          <div className="stats-grid">
            <StatCard label={t('dashboard.sources.visits')} value={d.visits} />
            <StatCard label={t('dashboard.sources.chats')} value={d.chats} />
            <StatCard label={t('dashboard.sources.bookings')} value={d.bookings} />
          </div>
          {d.rows.length === 0 ? (
            <EmptyState>{t('dashboard.sources.empty')}</EmptyState>
          ) : (
            <>
              <SourceTable rows={d.rows} rate={rate} />
              <div className="charts-grid">
                <Suspense fallback={<Skeleton rows={4} />}>
                  <SourceChart rows={d.rows} />
                </Suspense>
              </div>
            </>
          )}
        </>
      )}
    </PeriodSection>
  );
}

/** A row per source and campaign: visits, chats opened, bookings and the two rates. */
function SourceTable({ rows, rate }: { rows: SourceRow[]; rate: (r: number | null) => string }) {
  const { t } = useTranslation('console');
  return (
    // A narrow screen scrolls the table: the keyboard reaches it too.
    <div className="table-wrap card" role="region" aria-labelledby="traffic-sources-title" tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{t('dashboard.sources.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.sources.source')}</th>
            <th scope="col">{t('dashboard.sources.campaign')}</th>
            <th scope="col">{t('dashboard.sources.visits')}</th>
            <th scope="col">{t('dashboard.sources.chats')}</th>
            <th scope="col">{t('dashboard.sources.bookings')}</th>
            <th scope="col">{t('dashboard.sources.chatRate')}</th>
            <th scope="col">{t('dashboard.sources.bookingRate')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.source}\u0000${r.campaign}`} data-source={r.source} data-campaign={r.campaign}>
              <th scope="row">{sourceName(t, r.source)}</th>
              <td data-column="campaign" title={r.campaign || undefined}>
                {r.campaign || <span className="muted">—</span>}
              </td>
              <td data-column="visits">{r.visits}</td>
              <td data-column="chats">{r.chats}</td>
              <td data-column="bookings">{r.bookings}</td>
              <td>{rate(r.chat_rate)}</td>
              <td>{rate(r.booking_rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
