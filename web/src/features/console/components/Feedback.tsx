import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';

/** A failed read, with a retry button. */
export function ErrorState({ error, title, onRetry }: { error: unknown; title?: string; onRetry: () => void }) {
  const { t } = useTranslation('console');
  const detail = error instanceof ApiError || error instanceof Error ? error.message : '';
  return (
    <div className="error-state" role="alert">
      <p className="error-state__title">{title ?? t('state.error')}</p>
      {detail && <p className="error-state__detail">{detail}</p>}
      <button type="button" className="btn" onClick={onRetry}>
        {t('action.retry')}
      </button>
    </div>
  );
}

/** Nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

/** One figure with its label. */
export function StatCard({ label, value, tone }: { label: string; value: ReactNode; tone?: string }) {
  return (
    <div className={`stat-card${tone ? ` stat-card--${tone}` : ''}`}>
      <p className="stat-card__label">{label}</p>
      <p className="stat-card__value">{value}</p>
    </div>
  );
}

export { fieldErrorsOf, messageOf } from '../../../lib/mutation';
