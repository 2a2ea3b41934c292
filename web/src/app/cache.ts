// The browser's one query cache: the route loaders fill it as the page starts (app/loaders.ts,
// run by the boot script before the app is loaded, app/load.ts), the data the server put in the page
// is hydrated into it, and the app's screens read it (app/start.tsx).
import { hydrate } from '@tanstack/query-core';
import { sentQueries } from '../features/site/api/catalogue';
import { createQueryClient } from '../lib/queryClient';

/** The browser's query client. */
export const queryClient = createQueryClient();

// What the page was sent with is in the cache before anything reads it.
hydrate(queryClient, sentQueries());
