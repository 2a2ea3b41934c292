import { startTransition, useEffect, useRef, useState, type DependencyList } from 'react';

/** State of data loaded from the server for one screen. */
export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
}

/**
 * Loads data where it is shown: runs load on mount and whenever deps change, drops
 * stale answers, and aborts the request when the screen goes away. With sent (the data
 * the server put in the page, lib/pageData.ts), the screen starts with it and loads only
 * when deps change.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList, sent?: T): Resource<T> {
  const [state, setState] = useState<Resource<T>>(() =>
    sent === undefined ? { data: undefined, loading: true, error: null } : { data: sent, loading: false, error: null },
  );
  const hasSent = useRef(sent !== undefined);
  useEffect(() => {
    if (hasSent.current) {
      hasSent.current = false;
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ data: s.data, loading: true, error: null }));
    // The answer is drawn as a transition: a long list renders in slices, between which
    // the page stays responsive.
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setState({ data, loading: false, error: null }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) startTransition(() => setState({ data: undefined, loading: false, error }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
