import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast';
import { exportUrl } from './api/appointments';
import { appointmentQueries } from './api/appointments';
import { AppointmentBulkBar } from './components/AppointmentBulkBar';
import { AppointmentDetailsDialog } from './components/AppointmentDetailsDialog';
import { AppointmentEditDialog } from './components/AppointmentEditDialog';
import { AppointmentFilters } from './components/AppointmentFilters';
import { AppointmentTable } from './components/AppointmentTable';
import { OutcomeFilter } from './components/OutcomeFilter';
import { LiveBadge } from '../components/Badges';
import { ErrorState } from '../../../components/ui/ErrorState';
import { StatCard } from '../components/Feedback';
import { Pagination } from '../components/Pagination';
import { useAppointmentsLive } from './hooks/useAppointmentsLive';
import { useAppointmentsState } from './hooks/useAppointmentsState';
import { useOpenFromAddress } from './hooks/useOpenFromAddress';
import { useNow } from '../hooks/useNow';
import { useServices } from '../hooks/useServices';
import { useConsultants } from '../api/consultants';
import { useCan } from '../hooks/useSession';
import { bubble } from '../lib/format';
import { relativeTime } from '../lib/time';

const CalendarView = lazy(() => import('./components/CalendarView'));
const WeekView = lazy(() => import('./components/WeekView'));

/** Downloads the CSV export of the filtered rows, or of the selected ones. */
function download(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = `appointments_${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** /admin/appointments: stats, calendar, filters, the table and its bulk actions, kept live. */
export default function AppointmentsPage() {
  const { t } = useTranslation('console');
  const now = useNow();
  const services = useServices();
  const consultants = useConsultants();
  const canUpdate = useCan('appointments.update');
  const canDelete = useCan('appointments.delete');
  const canExport = useCan('appointments.export');
  const canCreate = useCan('appointments.create');
  const [state, dispatch] = useAppointmentsState();
  const { filters, page, size, selected, showCalendar, showWeek, details, editing } = state;
  const live = useAppointmentsLive((ids) => dispatch({ type: 'gone', ids }));
  useOpenFromAddress((appointment) => dispatch({ type: 'open', appointment }));
  const list = useQuery(appointmentQueries.list(filters, page, size));
  const stats = useQuery(appointmentQueries.stats());
  const ids = [...selected];
  const select = (next: ReadonlySet<string>) => dispatch({ type: 'select', selected: next });

  const s = stats.data;
  return (
    <section className="page" aria-labelledby="appointments-title">
      <header className="page__header">
        <div>
          <h1 id="appointments-title">{t('appointments.title')}</h1>
          <p className="page__meta">{t('appointments.lastUpdate', { when: relativeTime(t, list.dataUpdatedAt || null, now) })}</p>
        </div>
        <div className="page__actions">
          <LiveBadge />
          <button
            type="button"
            className="bubble-button"
            onClick={live.clearUnread}
            aria-label={t('appointments.unread', { count: live.unread })}
            hidden={live.unread === 0}
          >
            <span className="bubble">{bubble(live.unread)}</span>
          </button>
          <button type="button" className="btn" aria-pressed={showCalendar} onClick={() => dispatch({ type: 'toggleCalendar' })}>
            {showCalendar ? t('appointments.hideCalendar') : t('appointments.showCalendar')}
          </button>
          {consultants.length > 0 && (
            <button type="button" className="btn" aria-pressed={showWeek} onClick={() => dispatch({ type: 'toggleWeek' })}>
              {showWeek ? t('consultants.hideWeek') : t('consultants.showWeek')}
            </button>
          )}
          <button type="button" className="btn" onClick={() => void live.refresh().then(() => toast.success(t('appointments.refreshed')))}>
            {t('action.refresh')}
          </button>
          {canCreate && (
            <Link className="btn btn--primary" to="/admin/new-appointment">
              {t('appointments.new')}
            </Link>
          )}
        </div>
      </header>

      <div className="stats-grid">
        {stats.isPending ? (
          <Skeleton rows={1} />
        ) : (
          <>
            <StatCard label={t('appointments.stats.total')} value={s?.total ?? 0} />
            <StatCard label={t('appointments.stats.pending')} value={s?.pending ?? 0} tone="pending" />
            <StatCard label={t('appointments.stats.confirmed')} value={s?.confirmed ?? 0} tone="confirmed" />
            <StatCard label={t('appointments.stats.cancelled')} value={s?.cancelled ?? 0} tone="cancelled" />
          </>
        )}
      </div>

      {showCalendar && (
        <Suspense fallback={<Skeleton rows={5} />}>
          <CalendarView />
        </Suspense>
      )}
      {showWeek && (
        <Suspense fallback={<Skeleton rows={5} />}>
          <WeekView initial={filters.consultant} onOpen={(a) => dispatch({ type: 'open', appointment: a })} />
        </Suspense>
      )}

      <AppointmentFilters
        filters={filters}
        services={services}
        consultants={consultants}
        onFilter={(patch) => dispatch({ type: 'filter', patch })}
        selectedCount={ids.length}
        onExport={
          canExport
            ? () => {
                download(exportUrl(filters, ids));
                toast.success(t('appointments.exported'));
              }
            : undefined
        }
      />

      <div className="filters">
        <OutcomeFilter value={filters.outcome} onFilter={(outcome) => dispatch({ type: 'filter', patch: { outcome } })} />
      </div>

      <AppointmentBulkBar
        ids={ids}
        canUpdate={canUpdate}
        canDelete={canDelete}
        onDone={() => select(new Set())}
        onClear={() => select(new Set())}
      />

      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('appointments.fetchFailed')} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton rows={Math.min(size, 8)} />
      ) : (
        <>
          {list.error !== null && <ErrorState error={list.error} title={t('appointments.fetchFailed')} onRetry={() => void list.refetch()} />}
          <AppointmentTable
            items={list.data.items}
            selected={selected}
            onSelect={select}
            onOpen={(a) => dispatch({ type: 'open', appointment: a })}
            onEdit={canUpdate ? (a) => dispatch({ type: 'edit', appointment: a }) : undefined}
          />
          <Pagination
            page={page}
            size={size}
            total={list.data.total}
            onPage={(n) => dispatch({ type: 'page', page: n })}
            onSize={(n) => dispatch({ type: 'size', size: n })}
          />
        </>
      )}

      <AppointmentDetailsDialog
        appointment={details}
        onClose={() => dispatch({ type: 'open', appointment: null })}
        onEdit={canUpdate ? (a) => dispatch({ type: 'edit', appointment: a }) : undefined}
      />
      <AppointmentEditDialog
        appointment={editing}
        services={services}
        onClose={() => dispatch({ type: 'edit', appointment: null })}
        onSaved={() => dispatch({ type: 'edit', appointment: null })}
      />
    </section>
  );
}
