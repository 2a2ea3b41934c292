import { startTransition, useEffect, useState, type DependencyList } from 'react';

/** State of data loaded from the server for one screen. */
export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
}

/**
 * Loads data where it is shown: runs load on mount and whenever deps change, drops
 * stale answers, and aborts the request when the screen goes away.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Resource<T> {
  const [state, setState] = useState<Resource<T>>({ data: undefined, loading: true, error: null });
  useEffect(() => {
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
