import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/PageLoader';

// Every page is its own chunk; the console is never fetched by public pages.
const SiteLayout = lazy(() => import('../features/site/SiteLayout'));
const HomePage = lazy(() => import('../features/site/HomePage'));
const NotFoundPage = lazy(() => import('../features/site/NotFoundPage'));
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
