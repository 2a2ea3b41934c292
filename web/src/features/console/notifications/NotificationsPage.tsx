import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { toastFailure } from '../../../lib/mutation';
import {
  useBulkNotificationsMutation,
  useDeleteNotificationMutation,
  useNotificationStatusMutation,
  type NotificationFilters,
} from './api/notifications';
import { keys } from '../api/keys';
import { notificationQueries } from './api/notifications';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_STATUSES, NOTIFICATION_TYPES, type Notification } from '../api/types';
import { StatCard } from '../components/Feedback';
import { FilterSelect } from '../components/FilterSelect';
import { ListPage } from '../components/ListPage';
import { useListControls } from '../hooks/useListControls';
import { useFallbackPoll, useLiveInvalidate } from '../hooks/useLive';
import { formatDateTime } from '../lib/time';

/** Whether a notification's expires_at is in the past. */
export function isExpired(n: Pick<Notification, 'expires_at'>, now = Date.now()): boolean {
  return !!n.expires_at && Date.parse(n.expires_at) < now;
}

/** /admin/notifications: stat cards, filters, bulk actions, the list with select-all. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation('console');
  const client = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<'bulk' | Notification | null>(null);
  const controls = useListControls<NotificationFilters>({ q: '', status: '', type: '', priority: '' });
  const { filters, page, size } = controls;
  const list = useQuery(notificationQueries.list(filters, page, size));
  const refresh = () => void client.invalidateQueries({ queryKey: keys.notificationList });
  const bulkChange = useBulkNotificationsMutation();
  const setStatus = useNotificationStatusMutation();
  const del = useDeleteNotificationMutation();
  useLiveInvalidate(['notification.'], [keys.notificationList]);
  useFallbackPoll(refresh, 60_000);

  const items = list.data?.items ?? [];
  const stats = list.data?.stats;
  const ids = [...selected].filter((id) => items.some((n) => n.id === id));

  const bulk = (action: 'status' | 'delete', status?: string) => {
    if (ids.length === 0) {
      toast.error(action === 'delete' ? t('notifications.selectToDelete') : t('notifications.selectToUpdate'));
      return;
    }
    bulkChange.mutate(
      { ids, action, status },
      {
        onSuccess: () => {
          toast.success(
            action === 'delete' ? t('notifications.bulkDeleted', { count: ids.length }) : t('notifications.bulkUpdated', { count: ids.length }),
          );
          setSelected(new Set());
          setConfirm(null);
        },
        onError: toastFailure(() => (action === 'delete' ? t('notifications.deleteManyFailed') : t('notifications.updateManyFailed'))),
      },
    );
  };
  const setOne = (n: Notification, status: string) =>
    setStatus.mutate(
      { id: n.id, status },
      { onSuccess: () => toast.success(t('notifications.statusUpdated')), onError: toastFailure(() => t('notifications.updateFailed')) },
    );
  const removeOne = (n: Notification) =>
    del.mutate(n.id, {
      onSuccess: () => {
        toast.success(t('notifications.deleted'));
        setConfirm(null);
      },
      onError: toastFailure(() => t('notifications.deleteFailed')),
    });

  const allChecked = items.length > 0 && items.every((n) => selected.has(n.id));
  const select = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const filter = (key: 'status' | 'type' | 'priority', values: readonly string[], allLabel: string, prefix: string) => (
    <FilterSelect
      label={t(`notifications.filter.${key}`)}
      value={filters[key] ?? ''}
      values={values}
      allLabel={allLabel}
      optionLabel={(v) => t(`${prefix}.${v}`)}
      onChange={(v) => controls.setFilters({ [key]: v })}
    />
  );

  return (
    <ListPage
      name="notifications"
      title={t('notifications.title')}
      actions={
        <button type="button" className="btn" onClick={refresh}>
          {t('action.refresh')}
        </button>
      }
      summary={
        <>
          <StatCard label={t('notifications.stats.total')} value={stats?.total ?? 0} />
          <StatCard label={t('notifications.stats.unread')} value={stats?.unread ?? 0} tone="pending" />
          <StatCard label={t('notifications.stats.read')} value={stats?.read ?? 0} tone="confirmed" />
          <StatCard label={t('notifications.stats.archived')} value={stats?.archived ?? 0} />
        </>
      }
      search={{ label: t('notifications.search'), value: controls.search, onChange: controls.setSearch }}
      filters={
        <>
          {filter('status', NOTIFICATION_STATUSES, t('notifications.allStatuses'), 'notifications.status')}
          {filter('type', NOTIFICATION_TYPES, t('notifications.allTypes'), 'notifications.type')}
          {filter('priority', NOTIFICATION_PRIORITIES, t('notifications.allPriorities'), 'notifications.priority')}
        </>
      }
      bulkBar={
        <div className="bulk-bar" role="region" aria-label={t('notifications.bulk')}>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={() => setSelected(allChecked ? new Set() : new Set(items.map((n) => n.id)))}
            />
            {t('notifications.selectAll')}
          </label>
          <span>{t('appointments.selected', { count: ids.length })}</span>
          <button type="button" className="btn btn--small" onClick={() => bulk('status', 'read')}>
            {t('notifications.markRead')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => bulk('status', 'unread')}>
            {t('notifications.markUnread')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => bulk('status', 'archived')}>
            {t('notifications.archive')}
          </button>
          <button
            type="button"
            className="btn btn--small btn--danger"
            onClick={() => (ids.length ? setConfirm('bulk') : toast.error(t('notifications.selectToDelete')))}
          >
            {t('action.delete')}
          </button>
        </div>
      }
      read={list}
      errorTitle={t('notifications.fetchFailed')}
      count={items.length}
      emptyText={t('notifications.empty')}
      pagination={{ page, size, total: list.data?.total ?? 0, onPage: controls.setPage, onSize: controls.setSize }}
      list={
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id} className={`notification notification--${n.status}${isExpired(n) ? ' notification--expired' : ''}`}>
              <input type="checkbox" checked={selected.has(n.id)} onChange={() => select(n.id)} aria-label={t('table.select', { name: n.title })} />
              <div className="notification__body">
                <p className="notification__title">{n.title}</p>
                <p>{n.message}</p>
                <p className="muted">
                  <span className={`badge badge--priority-${n.priority}`}>{t(`notifications.priority.${n.priority}`, { defaultValue: n.priority })}</span>{' '}
                  <span className="badge">{t(`notifications.type.${n.type}`, { defaultValue: n.type })}</span>{' '}
                  <span className="badge">{t(`notifications.status.${n.status}`, { defaultValue: n.status })}</span>{' '}
                  {isExpired(n) && <span className="badge badge--expired">{t('notifications.expired')}</span>}{' '}
                  {formatDateTime(i18n.language, n.created_at)}
                </p>
              </div>
              <div className="table__actions">
                {n.status === 'unread' ? (
                  <button type="button" className="btn btn--small" onClick={() => setOne(n, 'read')}>
                    {t('notifications.markRead')}
                  </button>
                ) : n.status === 'read' ? (
                  <button type="button" className="btn btn--small" onClick={() => setOne(n, 'unread')}>
                    {t('notifications.markUnread')}
                  </button>
                ) : null}
                {n.status !== 'archived' && (
                  <button type="button" className="btn btn--small" onClick={() => setOne(n, 'archived')}>
                    {t('notifications.archive')}
                  </button>
                )}
                <button type="button" className="btn btn--small btn--danger" onClick={() => setConfirm(n)} aria-label={t('action.deleteNamed', { name: n.title })}>
                  {t('action.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      }
    >
      <ConfirmDialog
        open={confirm !== null}
        title={t('notifications.deleteTitle')}
        message={confirm === 'bulk' ? t('notifications.confirmBulkDelete', { count: ids.length }) : t('notifications.confirmDelete')}
        onConfirm={() => (confirm === 'bulk' ? bulk('delete') : confirm && removeOne(confirm))}
        onCancel={() => setConfirm(null)}
      />
    </ListPage>
  );
}
