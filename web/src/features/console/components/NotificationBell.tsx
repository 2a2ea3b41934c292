import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { markAllRead, recentNotifications, setNotificationStatus, unreadCount } from '../api/notifications';
import type { Notification } from '../api/types';
import { useFallbackPoll, useLiveRefresh } from '../hooks/useLive';
import { toast } from '../hooks/useToasts';
import { bubble } from '../lib/format';
import { relativeTime } from '../lib/time';

/** The header bell: unread count (9+), the 5 latest in a panel, mark one or all read. */
export function NotificationBell() {
  const { t } = useTranslation('console');
  const [count, setCount] = useState(0);
  const [recent, setRecent] = useState<Notification[]>([]);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  // Errors of the bell are swallowed: it keeps its last known state.
  const refresh = useCallback(async () => {
    const [c, list] = await Promise.allSettled([unreadCount(), recentNotifications()]);
    if (c.status === 'fulfilled') setCount(c.value);
    if (list.status === 'fulfilled') setRecent(list.value);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useLiveRefresh(['notification.'], () => void refresh());
  useFallbackPoll(() => void refresh(), 60_000);

  const markOne = async (id: string) => {
    try {
      await setNotificationStatus(id, 'read');
      await refresh();
    } catch {
      toast.error(t('notifications.markReadFailed'));
    }
  };
  const markAll = async () => {
    try {
      await markAllRead();
      toast.success(t('notifications.allRead'));
      await refresh();
    } catch {
      toast.error(t('notifications.markAllFailed'));
    }
  };

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
        <span className="visually-hidden">{t('bell.label', { count })}</span>
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {count > 0 && (
          <span className="bubble" aria-hidden="true">
            {bubble(count)}
          </span>
        )}
      </button>
      {open && (
        <div className="bell__panel" role="region" aria-label={t('bell.title')}>
          <div className="bell__head">
            <h2>{t('bell.title')}</h2>
            {count > 0 && (
              <button type="button" className="btn btn--small" onClick={() => void markAll()}>
                {t('bell.markAll')}
              </button>
            )}
          </div>
          {recent.length === 0 ? (
            <p className="empty-state">{t('bell.empty')}</p>
          ) : (
            <ul className="bell__list">
              {recent.map((n) => (
                <li key={n.id} className={`bell__item${n.status === 'unread' ? ' bell__item--unread' : ''}`}>
                  <p className="bell__title">{n.title}</p>
                  <p className="bell__message">{n.message}</p>
                  <p className="bell__meta">{relativeTime(t, n.created_at)}</p>
                  {n.status === 'unread' && (
                    <button type="button" className="btn btn--small" onClick={() => void markOne(n.id)}>
                      {t('bell.markRead')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/notifications" className="bell__all" onClick={() => setOpen(false)}>
            {t('bell.all')}
          </Link>
        </div>
      )}
    </div>
  );
}
