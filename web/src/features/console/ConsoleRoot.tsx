import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { Skeleton } from '../../components/ui/Skeleton';
import { Toaster } from '../../components/ui/Toaster';
import type { PageKey } from './api/types';
import { Landing } from './components/Landing';
import { PageGuard } from './components/PageGuard';
import { useInstallableConsole } from './hooks/useInstallableConsole';
import { useExpireOnUnauthenticated } from './hooks/useServerSync';
import { useSession } from './hooks/useSession';
import './console.css';

const LoginPage = lazy(() => import('./login/LoginPage'));
const ConsoleShell = lazy(() => import('./components/ConsoleShell'));
const NotFoundPage = lazy(() => import('./components/NotFoundPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const ConversationsPage = lazy(() => import('./conversations/ConversationsPage'));
const CannedRepliesPage = lazy(() => import('./canned-replies/CannedRepliesPage'));
const AppointmentsPage = lazy(() => import('./appointments/AppointmentsPage'));
const WaitlistPage = lazy(() => import('./waitlist/WaitlistPage'));
const NewAppointmentPage = lazy(() => import('./appointments/NewAppointmentPage'));
const ClientsPage = lazy(() => import('./clients/ClientsPage'));
const ProjectsPage = lazy(() => import('./projects/ProjectsPage'));
const NotificationsPage = lazy(() => import('./notifications/NotificationsPage'));
const MessagesPage = lazy(() => import('./messages/MessagesPage'));
const UsersPage = lazy(() => import('./users/UsersPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const OpsPage = lazy(() => import('./ops/OpsPage'));
const ProfilePage = lazy(() => import('./profile/ProfilePage'));

/**
 * The code of each page, by its key. Which pages a user has, in which order and with
 * which labels, the server says (/api/admin/me).
 */
const screens: Record<PageKey, ReactNode> = {
  dashboard: <DashboardPage />,
  conversations: <ConversationsPage />,
  'canned-replies': <CannedRepliesPage />,
  appointments: <AppointmentsPage />,
  waitlist: <WaitlistPage />,
  'new-appointment': <NewAppointmentPage />,
  clients: <ClientsPage />,
  projects: <ProjectsPage />,
  notifications: <NotificationsPage />,
  messages: <MessagesPage />,
  users: <UsersPage />,
  settings: <SettingsPage />,
  ops: <OpsPage />,
};

/** Shown while the session or a page's code loads. */
function Loading() {
  const { t } = useTranslation();
  return (
    <main className="console-loading">
      <p>{t('console.loading')}</p>
      <Skeleton rows={3} />
    </main>
  );
}

/**
 * Entry of the admin console under /admin/*. It is a separate chunk, so the public
 * site never downloads it; it asks the server who is signed in, then routes.
 */
export default function ConsoleRoot() {
  const status = useSession((s) => s.status);
  const load = useSession((s) => s.load);
  useEffect(() => {
    if (useSession.getState().status === 'unknown') void load();
  }, [load]);
  useExpireOnUnauthenticated();
  useInstallableConsole();

  return (
    <Suspense fallback={<Loading />}>
      <ConsoleTexts>
        <Routes>
          <Route path="login" element={<LoginPage />} />
          <Route element={status === 'unknown' || status === 'loading' ? <Loading /> : <ConsoleShell />}>
            <Route index element={<Landing fallback="/admin/dashboard" />} />
            {Object.entries(screens).map(([key, element]) => (
              <Route key={key} path={key} element={<PageGuard page={key as PageKey}>{element}</PageGuard>} />
            ))}
            <Route path="profile" element={<ProfilePage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </ConsoleTexts>
      <Toaster placement="bottom" />
    </Suspense>
  );
}

/** Waits for the console's texts (a namespace of its own, loaded with the console). */
function ConsoleTexts({ children }: { children: ReactNode }) {
  useTranslation('console');
  return <>{children}</>;
}
