import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import {
  appointmentStats,
  bulkDelete,
  bulkStatus,
  exportUrl,
  listAppointments,
  type AppointmentFilters,
} from '../api/appointments';
import { STATUSES, type Appointment } from '../api/types';
import { AppointmentDetailsDialog } from '../components/AppointmentDetailsDialog';
import { AppointmentEditDialog } from '../components/AppointmentEditDialog';
import { AppointmentTable } from '../components/AppointmentTable';
import { LiveBadge } from '../components/Badges';
import { ConfirmDialog } from '../components/Dialog';
import { ErrorState, Skeleton, StatCard } from '../components/Feedback';
import { Pagination } from '../components/Pagination';
import { useFallbackPoll, useLiveEvents, useLiveRefresh } from '../hooks/useLive';
import { useNow } from '../hooks/useNow';
import { useQuery } from '../hooks/useQuery';
import { useCan } from '../hooks/useSession';
import { useServices } from '../hooks/useServices';
import { toast } from '../hooks/useToasts';
import { bubble } from '../lib/format';
import { relativeTime } from '../lib/time';

const CalendarView = lazy(() => import('../components/CalendarView'));

/** Appointments of several live events arriving together are announced as one batch. */
const BATCH_MS = 400;

/** /admin/appointments: stats, calendar, filters, the table and its bulk actions. */
export default function AppointmentsPage() {
  const { t } = useTranslation('console');
  const now = useNow();
  const services = useServices();
  const canUpdate = useCan('appointments.update');
  const canDelete = useCan('appointments.delete');
  const canExport = useCan('appointments.export');
  const canCreate = useCan('appointments.create');
  const [filters, setFilters] = useState<AppointmentFilters>({ q: '', status: '', service: '', range: '' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkValue, setBulkValue] = useState('');
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showCalendar, setShowCalendar] = useState(false);
  const [calendarTick, setCalendarTick] = useState(0);
  const [unread, setUnread] = useState(0);
  const [details, setDetails] = useState<Appointment | null>(null);
  const [editing, setEditing] = useState<Appointment | null>(null);
  const pending = useRef<Appointment[]>([]);
  const batchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const list = useQuery((signal) => listAppointments(filters, page, size, signal), [filters, page, size]);
  const stats = useQuery((signal) => appointmentStats(signal), []);

  const refreshAll = useCallback(async () => {
    await Promise.all([list.reload(), stats.reload()]);
    setCalendarTick((n) => n + 1);
  }, [list, stats]);

  const announce = useCallback(() => {
    const arrived = pending.current;
    pending.current = [];
    if (arrived.length === 1) {
      const a = arrived[0];
      toast.info(t('appointments.newToast'), {
        description: t('appointments.newToastBody', { name: a.name, email: a.email || '—', service: a.service || t('appointments.general') }),
        duration: 5000,
      });
    } else if (arrived.length > 1) {
      toast.info(t('appointments.batchToast', { count: arrived.length }), { duration: 4000 });
    }
  }, [t]);

  useLiveEvents(['appointment.'], (event) => {
    if (event.kind === 'appointment.created' && event.appointment) {
      pending.current.push(event.appointment);
      setUnread((n) => n + 1);
      if (batchTimer.current) clearTimeout(batchTimer.current);
      batchTimer.current = setTimeout(announce, BATCH_MS);
    }
    if (event.kind === 'appointment.deleted' && event.ids) {
      const gone = new Set(event.ids);
      setSelected((current) => new Set([...current].filter((id) => !gone.has(id))));
    }
  });
  useLiveRefresh(['appointment.'], () => void refreshAll());
  useFallbackPoll(() => void refreshAll(), 60_000);

  const update = (patch: Partial<AppointmentFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected(new Set());
  };

  const ids = [...selected];
  const runBulkStatus = async () => {
    if (!bulkValue || ids.length === 0) return;
    setBusy(true);
    try {
      await bulkStatus(ids, bulkValue);
      toast.success(t('appointments.bulkUpdated', { count: ids.length, status: t(`status.${bulkValue}`) }));
      setSelected(new Set());
      setBulkValue('');
      await refreshAll();
    } catch (err) {
      // A bulk is all or nothing: a refused slot names each refused appointment.
      const refused = err instanceof ApiError && (err.code === 'slot_taken' || err.code === 'slot_closed');
      toast.error(
        t('appointments.bulkUpdateFailed'),
        refused ? `${err.message} ${t('slot.bulkRefused', { count: Object.keys(err.fields).length })}` : undefined,
      );
    } finally {
      setBusy(false);
    }
  };
  const runBulkDelete = async () => {
    setBusy(true);
    try {
      await bulkDelete(ids);
      toast.success(t('appointments.bulkDeleted', { count: ids.length }));
      setSelected(new Set());
      setConfirmBulkDelete(false);
      await refreshAll();
    } catch {
      toast.error(t('appointments.bulkDeleteFailed'));
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = () => {
    const link = document.createElement('a');
    link.href = exportUrl(filters, ids);
    link.download = `appointments_${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    toast.success(t('appointments.exported'));
  };

  const s = stats.data;
  return (
    <section className="page" aria-labelledby="appointments-title">
      <header className="page__header">
        <div>
          <h1 id="appointments-title">{t('appointments.title')}</h1>
          <p className="page__meta">
            {t('appointments.lastUpdate', { when: relativeTime(t, list.updatedAt, now) })}
          </p>
        </div>
        <div className="page__actions">
          <LiveBadge />
          <button
            type="button"
            className="bubble-button"
            onClick={() => setUnread(0)}
            aria-label={t('appointments.unread', { count: unread })}
            hidden={unread === 0}
          >
            <span className="bubble">{bubble(unread)}</span>
          </button>
          <button type="button" className="btn" aria-pressed={showCalendar} onClick={() => setShowCalendar((v) => !v)}>
            {showCalendar ? t('appointments.hideCalendar') : t('appointments.showCalendar')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void refreshAll().then(() => toast.success(t('appointments.refreshed')))}
          >
            {t('action.refresh')}
          </button>
          {canCreate && (
            <Link className="btn btn--primary" to="/admin/new-appointment">
              {t('menu.new-appointment')}
            </Link>
          )}
        </div>
      </header>

      <div className="stats-grid">
        {stats.loading && !s ? (
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
          <CalendarView refreshKey={calendarTick} onOpen={setDetails} />
        </Suspense>
      )}

      <div className="filters" role="search">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: search.trim() });
          }}
        >
          <label className="field field--inline">
            <span className="visually-hidden">{t('appointments.search')}</span>
            <input
              type="search"
              placeholder={t('appointments.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                if (e.target.value === '') update({ q: '' });
              }}
              onBlur={() => search.trim() !== filters.q && update({ q: search.trim() })}
            />
          </label>
        </form>
        <label className="field field--inline">
          <span className="visually-hidden">{t('appointments.dateFilter')}</span>
          <select value={filters.range} onChange={(e) => update({ range: e.target.value as AppointmentFilters['range'] })}>
            <option value="">{t('appointments.range.all')}</option>
            <option value="today">{t('appointments.range.today')}</option>
            <option value="week">{t('appointments.range.week')}</option>
            <option value="month">{t('appointments.range.month')}</option>
          </select>
        </label>
        <label className="field field--inline">
          <span className="visually-hidden">{t('appointments.statusFilter')}</span>
          <select value={filters.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">{t('appointments.allStatuses')}</option>
            {STATUSES.map((st) => (
              <option key={st} value={st}>
                {t(`status.${st}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="visually-hidden">{t('appointments.serviceFilter')}</span>
          <select value={filters.service} onChange={(e) => update({ service: e.target.value })}>
            <option value="">{t('appointments.allServices')}</option>
            {services.map((sv) => (
              <option key={sv.id} value={sv.name}>
                {sv.category ? `${sv.name} (${sv.category})` : sv.name}
              </option>
            ))}
          </select>
        </label>
        {canExport && (
          <button type="button" className="btn" onClick={exportCsv}>
            {ids.length ? t('appointments.exportSelected', { count: ids.length }) : t('appointments.export')}
          </button>
        )}
      </div>

      {ids.length > 0 && (
        <div className="bulk-bar" role="region" aria-label={t('appointments.bulk')}>
          <span>{t('appointments.selected', { count: ids.length })}</span>
          {canUpdate && (
          <label className="field field--inline">
            <span className="visually-hidden">{t('appointments.bulkStatus')}</span>
            <select value={bulkValue} onChange={(e) => setBulkValue(e.target.value)}>
              <option value="">{t('appointments.bulkStatus')}</option>
              {STATUSES.map((st) => (
                <option key={st} value={st}>
                  {t(`status.${st}`)}
                </option>
              ))}
            </select>
          </label>
          )}
          {canUpdate && (
            <button type="button" className="btn" disabled={!bulkValue || busy} onClick={() => void runBulkStatus()}>
              {t('appointments.applyStatus')}
            </button>
          )}
          {canDelete && (
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirmBulkDelete(true)}>
              {t('appointments.deleteSelected')}
            </button>
          )}
          <button type="button" className="btn" onClick={() => setSelected(new Set())}>
            {t('appointments.clearSelection')}
          </button>
        </div>
      )}

      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('appointments.fetchFailed')} onRetry={() => void list.reload()} />
      ) : list.loading && !list.data ? (
        <Skeleton rows={size > 8 ? 8 : size} />
      ) : (
        <>
          {list.error !== null && (
            <ErrorState error={list.error} title={t('appointments.fetchFailed')} onRetry={() => void list.reload()} />
          )}
          <AppointmentTable
            items={list.data?.items ?? []}
            selected={selected}
            onSelect={setSelected}
            onOpen={setDetails}
            onEdit={canUpdate ? setEditing : undefined}
          />
          <Pagination
            page={page}
            size={size}
            total={list.data?.total ?? 0}
            onPage={setPage}
            onSize={(n) => {
              setSize(n);
              setPage(1);
            }}
          />
        </>
      )}

      <AppointmentDetailsDialog
        appointment={details}
        onClose={() => setDetails(null)}
        onEdit={!canUpdate ? undefined : (a) => {
          setDetails(null);
          setEditing(a);
        }}
      />
      <AppointmentEditDialog
        appointment={editing}
        services={services}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refreshAll();
        }}
      />
      <ConfirmDialog
        open={confirmBulkDelete}
        title={t('appointments.deleteSelected')}
        message={t('appointments.confirmBulkDelete', { count: ids.length })}
        busy={busy}
        onConfirm={() => void runBulkDelete()}
        onCancel={() => setConfirmBulkDelete(false)}
      />
    </section>
  );
}
