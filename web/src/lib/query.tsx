// The app's one server-state layer: TanStack Query. Each read is a query keyed by the
// resource it reads, its options exported by its api file; a change invalidates the keys
// it touches, and the screens showing them ask again. The public pages' first answers are
// in the same cache: their route loaders (app/loaders.ts) ask with the screens' options, and
// the data the server put in the page is hydrated into it (lib/pageData.ts).
import {
  QueryClientProvider,
  useQuery,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useClientValue } from './clientValue';
import { createQueryClient } from './queryClient';

export { createQueryClient };

/**
 * Gives the tree below its query client: the browser's app passes the one its route
 * loaders fill (app/cache.ts); each page the prerenderer draws, and each test, start with
 * an empty cache of their own.
 */
export function QueryProvider({ client: given, children }: { client?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => given ?? createQueryClient());
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
 * Reads server data for a public screen, with the query options its api file exports.
 * With sent (the page the server sent shows this answer, lib/pageData.ts), the screen is
 * taken over showing it; otherwise a prerendered page is drawn loading, and the browser
 * takes it over drawn the same, whatever the cache already holds (a route loader, or
 * another screen of the page, may have asked first): it shows the answers once it has
 * taken the page over. Until a new key's answer comes, the previous one stays on screen;
 * the answer is drawn as a transition, so a long list renders in slices between which the
 * page stays responsive.
 */
export function useDeferredQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, sent = false): Resource<T> {
  const query = useQuery(options);
  const loading = query.isPending || query.isPlaceholderData;
  const hydrated = useClientValue(() => true, false);
  const resource = useMemo(
    () =>
      hydrated || sent
        ? { data: query.data, loading, error: query.error }
        : { data: undefined, loading: true, error: null },
    [hydrated, sent, query.data, loading, query.error],
  );
  return useDeferredValue(resource);
}
