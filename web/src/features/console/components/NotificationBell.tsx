import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { toastFailure } from '../../../lib/mutation';
import { useMarkAllReadMutation, useNotificationStatusMutation } from '../notifications/api/notifications';
import { keys } from '../api/keys';
import { notificationQueries } from '../notifications/api/notifications';
import { useFallbackPoll, useLiveInvalidate } from '../hooks/useLive';
import { useWaitingCount } from '../hooks/useWaiting';
import { bubble } from '../lib/format';
import { relativeTime } from '../lib/time';

/** Props of NotificationBell: what the signed-in user's pages let the bell show. */
export interface NotificationBellProps {
  /** The unread notifications and the 5 latest (roles with the notifications page). */
  notifications?: boolean;
  /** The visitors waiting for a person (roles with the conversations page). */
  conversations?: boolean;
}

/**
 * The header bell: unread count plus visitors waiting (9+), the visitors waiting and the
 * 5 latest notifications in a panel, mark one or all read.
 */
export function NotificationBell({ notifications = true, conversations = false }: NotificationBellProps) {
  const { t } = useTranslation('console');
  const client = useQueryClient();
  const waiting = useWaitingCount(conversations);
  // A failed read keeps the bell's last known state.
  const count = useQuery({ ...notificationQueries.unread(), enabled: notifications }).data ?? 0;
  const recent = useQuery({ ...notificationQueries.recent(), enabled: notifications }).data ?? [];
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  useLiveInvalidate(['notification.'], [keys.bell]);
  useFallbackPoll(() => void client.invalidateQueries({ queryKey: keys.bell }), 60_000);

  const setStatus = useNotificationStatusMutation();
  const readAll = useMarkAllReadMutation();
  const markOne = (id: string) =>
    setStatus.mutate({ id, status: 'read' }, { onError: toastFailure(() => t('notifications.markReadFailed')) });
  const markAll = () =>
    readAll.mutate(undefined, {
      onSuccess: () => toast.success(t('notifications.allRead')),
      onError: toastFailure(() => t('notifications.markAllFailed')),
    });

  const waitingText = t('bell.waiting', { count: waiting });
  const label = notifications
    ? `${t('bell.label', { count })}${waiting > 0 ? `, ${waitingText}` : ''}`
    : t('bell.labelWaiting', { waiting: waitingText });
  const total = count + waiting;

  return (
    <div
      className="bell"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        className="btn bell__button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="visually-hidden">{label}</span>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {total > 0 && (
          <span className="bubble" aria-hidden="true">
            {bubble(total)}
          </span>
        )}
      </button>
      {open && (
        <div className="bell__panel" role="region" aria-label={t('bell.title')}>
          <div className="bell__head">
            <h2>{t('bell.title')}</h2>
            {notifications && count > 0 && (
              <button type="button" className="btn btn--small" onClick={() => markAll()}>
                {t('bell.markAll')}
              </button>
            )}
          </div>
          {conversations &&
            (waiting > 0 ? (
              <Link to="/admin/conversations?state=waiting" className="bell__waiting" onClick={() => setOpen(false)}>
                {waitingText}
              </Link>
            ) : (
              !notifications && <p className="empty-state">{t('bell.noWaiting')}</p>
            ))}
          {!notifications ? null : recent.length === 0 ? (
            <p className="empty-state">{t('bell.empty')}</p>
          ) : (
            <ul className="bell__list">
              {recent.map((n) => (
                <li key={n.id} className={`bell__item${n.status === 'unread' ? ' bell__item--unread' : ''}`}>
                  <p className="bell__title">{n.title}</p>
                  <p className="bell__message">{n.message}</p>
                  <p className="bell__meta">{relativeTime(t, n.created_at)}</p>
                  {n.status === 'unread' && (
                    <button type="button" className="btn btn--small" onClick={() => markOne(n.id)}>
                      {t('bell.markRead')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {notifications && (
            <Link to="/admin/notifications" className="bell__all" onClick={() => setOpen(false)}>
              {t('bell.all')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
