import { useTranslation } from 'react-i18next';
import './Skeleton.css';

/** Props of Skeleton. */
export interface SkeletonProps {
  /** Grey lines shaped like the rows that load (one by default, filling the block). */
  rows?: number;
  /**
   * What screen readers hear while it shows ("Loading…" by default); null when a
   * container around it already says it is busy, so the placeholder is hidden from them.
   */
  label?: string | null;
  /** Sizes the block (e.g. a card's height). */
  className?: string;
}

/** Grey placeholders shaped like the content that is loading. */
export function Skeleton({ rows = 1, label, className }: SkeletonProps) {
  const { t } = useTranslation();
  const lines = Array.from({ length: rows }, (_, i) => <div key={i} className="skeleton__row" />);
  const classes = className ? `skeleton ${className}` : 'skeleton';
  if (label === null) {
    return (
      <div className={classes} aria-hidden="true">
        {lines}
      </div>
    );
  }
  return (
    <div className={classes} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label ?? t('loading')}</span>
      {lines}
    </div>
  );
}
