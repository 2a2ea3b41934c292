import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/PageLoader';
import SiteLayout from '../features/site/SiteLayout';
import { contract, type SiteRoute } from '../lib/contract';

// The public frame is part of the app's start (every visitor needs it); pages load when
// first shown (the build groups them into the public site's chunk, vite.config.ts), and
// the console is never fetched by public pages.
const pageModules = import.meta.glob<Record<string, ComponentType>>('../features/site/pages/*Page.tsx');

const ConsoleRoot = lazy(() => import('../features/console/ConsoleRoot'));

/** The source module of a route's page, as the Vite manifest names it (scripts/prerender.mjs). */
export function moduleOf(route: SiteRoute | undefined): string | undefined {
  return route?.module && `src/features/site/pages/${route.module}.tsx`;
}

/** A public page of the table, loaded when first shown; the route is its handle. */
function sitePage(route: SiteRoute): RouteObject {
  const load = pageModules[`../features/site/pages/${route.module}.tsx`];
  if (!load) throw new Error(`no page module ${route.module}`);
  const name = route.export ?? 'default';
  const Page = lazy(() => load().then((m) => ({ default: m[name] })));
  const at = route.pattern === '/' ? { index: true as const } : { path: route.pattern };
  return { ...at, element: <Page />, handle: route };
}

function page(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

/**
 * The app's route table, built from the site's (routes.json) and shared by the browser
 * router, the prerenderer and tests: the console apart, every public page in the site's
 * frame.
 */
export const routes: RouteObject[] = [
  ...contract.routes
    .filter((r) => r.app === 'console')
    .map((r): RouteObject => ({ path: r.pattern, element: page(<ConsoleRoot />), handle: r })),
  {
    path: '/',
    element: page(<SiteLayout />),
    children: contract.routes.filter((r) => r.module).map(sitePage),
  },
];
