// The query client and its defaults, without React: the boot script's route loaders
// (app/load.ts, app/loaders.ts) fill the cache before the app is loaded, and the app reads the same
// cache (lib/query.tsx).
import { QueryClient, keepPreviousData } from '@tanstack/query-core';

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
