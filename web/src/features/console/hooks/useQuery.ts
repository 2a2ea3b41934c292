import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useSession } from './useSession';

/** State of a server read. */
export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** True while the first load (or a load after an error) is under way. */
  loading: boolean;
  /** True while any load is under way, including background refreshes. */
  fetching: boolean;
  /** Reloads; keeps the current data on screen meanwhile. */
  reload: () => Promise<void>;
  /** When the data last arrived (ms since epoch), or null. */
  updatedAt: number | null;
  /** Replaces the data locally (e.g. after a live event). */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * Reads server data where it is shown. `deps` are the inputs of the fetcher: when they
 * change, the read starts again and the previous one is aborted.
 */
export function useQuery<T>(fetcher: (signal: AbortSignal) => Promise<T>, deps: unknown[]): QueryState<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [fetching, setFetching] = useState(true);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const run = useCallback(async () => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setFetching(true);
    try {
      const value = await fetcherRef.current(own.signal);
      if (own.signal.aborted) return;
      setDataState(value);
      setError(null);
      setUpdatedAt(Date.now());
    } catch (err) {
      if (own.signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) return;
      // The session ended (logout elsewhere, role change): back to the login form.
      if (err instanceof ApiError && err.status === 401) useSession.getState().expire();
      setError(err);
    } finally {
      if (controller.current === own) setFetching(false);
    }
  }, []);

  useEffect(() => {
    void run();
    return () => controller.current?.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setDataState(update), []);

  return {
    data,
    error,
    loading: fetching && (data === undefined || error !== null),
    fetching,
    reload: run,
    updatedAt,
    setData,
  };
}
