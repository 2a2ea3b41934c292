import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/PageLoader';
import SiteLayout from '../features/site/SiteLayout';

// The public frame is part of the app's start (every visitor needs it); pages load when
// first shown (the build groups them into the public site's chunk, vite.config.ts), and
// the console is never fetched by public pages.
const pageModules = import.meta.glob<Record<string, ComponentType>>('../features/site/pages/*Page.tsx');

/** What a route tells the prerenderer (scripts/prerender.mjs) and the server. */
export interface RouteHandle {
  /** The page's source module, as the Vite manifest names it: its chunk and styles are preloaded. */
  module?: string;
  /** HTTP status of the prerendered page (the not-found page answers 404). */
  status?: number;
  /**
   * The page's main content comes from the API (a list, a detail): its code is fetched
   * along with the page rather than once the prerendered page is painted.
   */
  dataFirst?: boolean;
  /**
   * The server draws the top of the page with its data (api/service_page.go) and sends
   * the data along; the page then starts like one that shows all it has.
   */
  serverDraws?: 'service';
}

/**
 * A public page, loaded when first shown; `name` is its export in the module. With
 * `prerender: false` the page is drawn in the browser only (the server sends the app's
 * shell), for a page whose address is a secret.
 */
function sitePage(
  file: string,
  { name = 'default', prerender = true, ...rest }: { name?: string; prerender?: boolean } & Omit<RouteHandle, 'module'> = {},
) {
  const load = pageModules[`../features/site/pages/${file}.tsx`];
  if (!load) throw new Error(`no page module ${file}`);
  const Page = lazy(() => load().then((m) => ({ default: m[name] })));
  const handle: RouteHandle = prerender ? { module: `src/features/site/pages/${file}.tsx`, ...rest } : rest;
  return { element: <Page />, handle } satisfies RouteObject;
}

const ConsoleRoot = lazy(() => import('../features/console/ConsoleRoot'));

function page(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

/** The app's route table, shared by the browser router, the prerenderer and tests. */
export const routes: RouteObject[] = [
  {
    // The console is drawn in the browser only: it is never prerendered.
    path: '/admin/*',
    element: page(<ConsoleRoot />),
  },
  {
    path: '/',
    element: page(<SiteLayout />),
    children: [
      { index: true, ...sitePage('HomePage') },
      { path: 'hero', ...sitePage('HeroPage') },
      { path: 'about', ...sitePage('AboutPage') },
      { path: 'projects', ...sitePage('ProjectsPage', { dataFirst: true }) },
      { path: 'projects/:projectId', ...sitePage('ProjectDetailPage', { dataFirst: true }) },
      { path: 'services', ...sitePage('ServicesPage', { dataFirst: true }) },
      { path: 'services/:serviceSlug', ...sitePage('ServiceDetailPage', { dataFirst: true, serverDraws: 'service' }) },
      { path: 'privacy', ...sitePage('PrivacyPage') },
      { path: 'contact', ...sitePage('ContactPage') },
      { path: 'rendez-vous', ...sitePage('ContactPage', { name: 'AppointmentPage' }) },
      // The link in every e-mail about an appointment (api/spa.go serves it privately).
      { path: 'manage/:token', ...sitePage('ManagePage', { prerender: false }) },
      // The link in a waitlist offer's e-mail (served privately like /manage/{token}).
      { path: 'waitlist/offers/:token', ...sitePage('WaitlistOfferPage', { prerender: false }) },
      { path: '*', ...sitePage('NotFoundPage', { status: 404 }) },
    ],
  },
];
