import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import './States.css';

/** A failed read, with the server's message and a retry button. */
export function ErrorState({ error, title, onRetry }: { error: unknown; title?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof ApiError || error instanceof Error ? error.message : '';
  return (
    <div className="error-state" role="alert">
      <p className="error-state__title">{title ?? t('ui.loadFailed')}</p>
      {detail && <p className="error-state__detail">{detail}</p>}
      <button type="button" className="btn" onClick={onRetry}>
        {t('ui.retry')}
      </button>
    </div>
  );
}
