import { useEffect, useState } from 'react';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 250;

/** What a list page's controls hold: the search box, the filters, the page and its size. */
export interface ListControls<F extends object> {
  /** What is typed in the search box; sent as filters.q once typing pauses. */
  search: string;
  setSearch: (text: string) => void;
  filters: F;
  /** Changes some filters and goes back to page 1. */
  setFilters: (patch: Partial<F>) => void;
  page: number;
  setPage: (page: number) => void;
  size: number;
  /** Changes the page size and goes back to page 1. */
  setSize: (size: number) => void;
}

/** The search a list's filters hold (filters.q), if any. */
function queryOf(filters: object): string {
  return (filters as { q?: string }).q ?? '';
}

/** The state of a list page's search, filters and pagination. */
export function useListControls<F extends object>(initial: F, initialSize = 10): ListControls<F> {
  const [search, setSearch] = useState(queryOf(initial));
  const [state, setState] = useState({ filters: initial, page: 1, size: initialSize });

  useEffect(() => {
    const q = search.trim();
    const timer = setTimeout(
      () => setState((s) => (queryOf(s.filters) === q ? s : { ...s, filters: { ...s.filters, q }, page: 1 })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);

  return {
    search,
    setSearch,
    filters: state.filters,
    setFilters: (patch) => setState((s) => ({ ...s, filters: { ...s.filters, ...patch }, page: 1 })),
    page: state.page,
    setPage: (page) => setState((s) => ({ ...s, page })),
    size: state.size,
    setSize: (size) => setState((s) => ({ ...s, size, page: 1 })),
  };
}
