import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/LanguageSwitcher';
import { toast } from '../../../components/ui/toast';
import { useLiveEvents, useLiveStream } from '../hooks/useLive';
import { useRefreshOnLanguage } from '../hooks/useServerSync';
import { useSession } from '../hooks/useSession';
import { useWaitingCount, useWaitingSync } from '../hooks/useWaiting';
import { bubble } from '../lib/format';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NotificationBell } from './NotificationBell';

/** The signed-in layout: sidebar with the server's menu, header with the bell, the page. */
export default function ConsoleShell() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const location = useLocation();
  const { status, user, pages, menu, logout, load } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = status === 'signed-in';
  const hasConversations = pages.includes('conversations');
  const hasNotifications = pages.includes('notifications');
  const waiting = useWaitingCount(signedIn && hasConversations);
  useLiveStream(signedIn);
  useWaitingSync(signedIn && hasConversations);
  useRefreshOnLanguage(signedIn);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  useLiveEvents(['notification.created'], (event) => {
    if (!pages.includes('notifications') || !event.notification) return;
    toast.info(t('notifications.newToast', { title: event.notification.title }), {
      description: event.notification.message,
      duration: 5000,
      action: { label: t('notifications.view'), href: '/admin/notifications' },
      key: `notification\u0000${event.notification.title}`,
    });
  });

  if (status === 'signed-out') return <Navigate to="/admin/login" replace />;
  if (status === 'error') {
    return (
      <main className="console-loading">
        <ErrorState error={null} title={t('state.sessionError')} onRetry={() => void load()} />
      </main>
    );
  }

  const onLogout = async () => {
    await logout().catch(() => undefined);
    toast.success(t('logout.success'));
    navigate('/admin/login', { replace: true });
  };

  return (
    <div
      className="shell"
      data-menu-open={menuOpen || undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && menuOpen) setMenuOpen(false);
      }}
    >
      <a className="skip-link" href="#console-main">
        {t('shell.skip')}
      </a>
      <aside className="sidebar" id="console-sidebar" aria-label={t('shell.sidebar')}>
        <div className="sidebar__brand">{t('shell.brand')}</div>
        <nav aria-label={t('shell.menu')}>
          <ul className="sidebar__menu">
            {menu.map(({ page, label }) => (
              <li key={page}>
                <NavLink to={`/admin/${page}`} className="sidebar__link">
                  {label}
                  {page === 'conversations' && waiting > 0 && (
                    <>
                      <span className="bubble sidebar__bubble" aria-hidden="true">
                        {bubble(waiting)}
                      </span>
                      <span className="visually-hidden"> ({t('bell.waiting', { count: waiting })})</span>
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar__user">
          <p className="sidebar__name">
            <NavLink to="/admin/profile" onClick={() => setMenuOpen(false)}>
              <span className="visually-hidden">{t('profile.title')}, </span>
              {user?.display_name ?? user?.email}
            </NavLink>
          </p>
          <p className="sidebar__email">{user?.email}</p>
          <p className="sidebar__role">{t(`role.${user?.role ?? 'editor'}`, { defaultValue: user?.role })}</p>
          <button type="button" className="btn btn--block" onClick={() => void onLogout()}>
            {t('shell.logout')}
          </button>
        </div>
      </aside>
      {menuOpen && <div className="shell__backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <div className="shell__body">
        <header className="topbar">
          <button
            type="button"
            className="btn topbar__menu"
            aria-controls="console-sidebar"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
          </button>
          <div className="topbar__end">
            <LanguageSwitcher />
            {(hasNotifications || hasConversations) && (
              <NotificationBell notifications={hasNotifications} conversations={hasConversations} />
            )}
          </div>
        </header>
        <main id="console-main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
