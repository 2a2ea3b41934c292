// Data the server put in the page it sent, for the page's first screen: a page the
// server draws with its data (pages/service.go) carries what it drew as
// <script type="application/json" id="page-data">{"lang": …, "<name>": …}</script>, so
// that the app takes over the same markup without asking for it again. The element is
// data, never run: the Content-Security-Policy (no inline scripts) holds. Its answers go
// into the one query cache (hydrate, app/cache.ts) under the keys of the queries that read
// them, so the route loaders and the screens find them there.
import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/query-core';

/** The id of the element holding the page's data. */
export const PAGE_DATA_ID = 'page-data';

let sent: Record<string, unknown> | null | undefined;

function read(): Record<string, unknown> | null {
  if (sent !== undefined) return sent;
  sent = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  if (text) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) sent = value as Record<string, unknown>;
    } catch {
      // A page without usable data: its screens ask the API, as after any navigation.
    }
  }
  return sent;
}

/** The page's data called name, when the server sent it in lang; otherwise undefined. */
export function pageData<T>(name: string, lang: string | undefined): T | undefined {
  const data = read();
  if (!data || data.lang !== lang || !(name in data)) return undefined;
  return data[name] as T;
}

/** The language the page's data was sent in, if it was sent any. */
export function sentLanguage(): string | undefined {
  const lang = read()?.lang;
  return typeof lang === 'string' ? lang : undefined;
}

/**
 * Answers as the query cache takes them (hydrate): each query key with its data, as
 * fresh as the page.
 */
export function dehydrated(answers: [QueryKey, unknown][], at: number = Date.now()): DehydratedState {
  return {
    mutations: [],
    queries: answers.map(([queryKey, data]) => ({
      queryKey,
      queryHash: hashKey(queryKey),
      dehydratedAt: at,
      state: {
        data,
        dataUpdateCount: 1,
        dataUpdatedAt: at,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    })),
  };
}

/** Forgets what was read (tests). */
export function resetPageData(): void {
  sent = undefined;
}
