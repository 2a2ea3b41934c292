import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/PageLoader';
import SiteLayout from '../features/site/SiteLayout';

// The public frame is part of the entry (every visitor needs it); each page is its own
// chunk, and the console is never fetched by public pages.
const HomePage = lazy(() => import('../features/site/pages/HomePage'));
const HeroPage = lazy(() => import('../features/site/pages/HeroPage'));
const AboutPage = lazy(() => import('../features/site/pages/AboutPage'));
const ProjectsPage = lazy(() => import('../features/site/pages/ProjectsPage'));
const ProjectDetailPage = lazy(() => import('../features/site/pages/ProjectDetailPage'));
const ServicesPage = lazy(() => import('../features/site/pages/ServicesPage'));
const ServiceDetailPage = lazy(() => import('../features/site/pages/ServiceDetailPage'));
const PrivacyPage = lazy(() => import('../features/site/pages/PrivacyPage'));
const ContactPage = lazy(() => import('../features/site/pages/ContactPage'));
const AppointmentPage = lazy(() =>
  import('../features/site/pages/ContactPage').then((m) => ({ default: m.AppointmentPage })),
);
const NotFoundPage = lazy(() => import('../features/site/pages/NotFoundPage'));
const ConsoleRoot = lazy(() => import('../features/console/ConsoleRoot'));

function page(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

/** The app's route table, shared by the browser router and tests. */
export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    element: page(<ConsoleRoot />),
  },
  {
    path: '/',
    element: page(<SiteLayout />),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'hero', element: <HeroPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'projects', element: <ProjectsPage /> },
      { path: 'projects/:projectId', element: <ProjectDetailPage /> },
      { path: 'services', element: <ServicesPage /> },
      { path: 'services/:serviceSlug', element: <ServiceDetailPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'rendez-vous', element: <AppointmentPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
