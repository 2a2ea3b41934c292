import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Pagination, type PaginationProps } from './Pagination';

/** The read behind a list page, as TanStack Query gives it. */
export interface ListRead {
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

/** The search box of a list page. */
export interface ListSearch {
  /** Its label (read by screen readers) and placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** Props of ListPage. */
export interface ListPageProps {
  /** Names the page's heading (`${name}-title`), which labels the page. */
  name: string;
  title: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Figures between the title and the list (stat cards). */
  summary?: ReactNode;
  search?: ListSearch;
  /** Filters after the search box. */
  filters?: ReactNode;
  /** What acts on the selected rows, above the list. */
  bulkBar?: ReactNode;
  read: ListRead;
  /** Said when the read failed (with a button to try again). */
  errorTitle: string;
  /** How many rows the read gave: with none, emptyText is said instead of the list. */
  count: number;
  emptyText: ReactNode;
  /** Grey lines while the first answer loads. */
  skeletonRows?: number;
  /** The table (or list) of what was read. */
  list: ReactNode;
  /** Previous/next and the page size, under the list; none for a list that comes whole. */
  pagination?: PaginationProps;
  /** The dialogs the page opens. */
  children?: ReactNode;
}

/**
 * The frame of a console list page: title and actions, figures, search and filters, the
 * list with its loading, empty and failed states, and the pagination.
 */
export function ListPage(props: ListPageProps) {
  const { name, title, actions, summary, search, filters, bulkBar, read, errorTitle, count, emptyText, skeletonRows = 6, list, pagination, children } = props;
  let body: ReactNode;
  if (read.error && read.data === undefined) body = <ErrorState error={read.error} title={errorTitle} onRetry={() => void read.refetch()} />;
  else if (read.data === undefined) body = <Skeleton rows={skeletonRows} />;
  else if (count === 0) body = <EmptyState>{emptyText}</EmptyState>;
  else {
    body = (
      <>
        {list}
        {pagination && <Pagination {...pagination} />}
      </>
    );
  }
  return (
    <section className="page" aria-labelledby={`${name}-title`}>
      <header className="page__header">
        <h1 id={`${name}-title`}>{title}</h1>
        <div className="page__actions">{actions}</div>
      </header>
      {summary && <div className="stats-grid">{summary}</div>}
      {(search || filters) && (
        <div className="filters" role="search">
          {search && (
            <label className="field field--inline">
              <span className="visually-hidden">{search.label}</span>
              <input type="search" placeholder={search.label} value={search.value} onChange={(e) => search.onChange(e.target.value)} />
            </label>
          )}
          {filters}
        </div>
      )}
      {bulkBar}
      {body}
      {children}
    </section>
  );
}
