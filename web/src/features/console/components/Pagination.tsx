import { useTranslation } from 'react-i18next';

/** Page sizes offered. */
export const PAGE_SIZES = [5, 10, 15, 20] as const;

/** Props of Pagination. */
export interface PaginationProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  /** Changing the size goes back to page 1. */
  onSize: (size: number) => void;
}

/** Previous/next and the page size. */
export function Pagination({ page, size, total, onPage, onSize }: PaginationProps) {
  const { t } = useTranslation('console');
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <label className="pagination__size">
        {t('pagination.size')}
        <select value={size} onChange={(e) => onSize(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <span className="pagination__info">{t('pagination.info', { page, pages, total })}</span>
      <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </button>
      <button type="button" className="btn btn--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
