// The app's one server-state layer: TanStack Query. Each read is a query keyed by the
// resource it reads; a change invalidates the keys it touches, and the screens showing
// them ask again. The public pages' first answers may come from the prefetch of
// lib/api.ts (the same GETs) or from the data the server put in the page (lib/pageData.ts).
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useQuery,
  type QueryKey,
} from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useClientValue } from './clientValue';

/** A query client with the app's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A failed read says so at once, with a way to try again.
        retry: false,
        // When what a screen reads changes (a page, a filter, a language), what it showed
        // stays until the new answer comes.
        placeholderData: keepPreviousData,
        // Screens are refreshed by live events, their polls and their buttons.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Gives the tree below a query client of its own: the browser's app, each page the
 * prerenderer draws, and each test start with an empty cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** What a public screen shows of one read. */
export interface Resource<T> {
  data: T | undefined;
  /** True until the answer for the current key is in (the previous key's data stays meanwhile). */
  loading: boolean;
  error: unknown;
}

/**
 * Reads server data for a public screen. With sent (the data the server put in the page,
 * lib/pageData.ts), the screen starts with it and asks only when the key changes. Until
 * the new key's answer comes, the previous one stays on screen; the answer is drawn as a
 * transition, so a long list renders in slices between which the page stays responsive.
 * A prerendered page is drawn loading (or with what it was sent), and the browser takes
 * it over drawn the same, whatever the cache already holds (another screen of the page
 * may have asked first): it shows the answers once it has taken the page over.
 */
export function useDeferredQuery<T>(queryKey: QueryKey, load: (signal: AbortSignal) => Promise<T>, sent?: T): Resource<T> {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    initialData: sent,
    // What the page was sent with is as fresh as the page.
    staleTime: sent === undefined ? 0 : Infinity,
  });
  const loading = query.isPending || query.isPlaceholderData;
  const hydrated = useClientValue(() => true, false);
  const resource = useMemo(
    () => (hydrated ? { data: query.data, loading, error: query.error } : { data: sent, loading: sent === undefined, error: null }),
    [hydrated, query.data, loading, query.error, sent],
  );
  return useDeferredValue(resource);
}
