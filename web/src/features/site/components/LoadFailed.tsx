import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';

/**
 * A link page (manage, reconfirm) whose appointment could not be read: its title, why —
 * the server's words when the visitor is rate limited — and a retry.
 */
export function LoadFailed({ id, title, text, error, retry, children }: {
  id: string;
  title: string;
  text: string;
  error: unknown;
  retry: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('manage');
  const limited = error instanceof ApiError && error.code === 'rate_limited' ? error : null;
  return (
    <section className="manage-page" aria-labelledby={id}>
      <header className="page-head">
        <h1 id={id}>{title}</h1>
      </header>
      <div className="manage-page__failed" role="alert">
        <p>{limited ? limited.message || t('errors.rateLimited') : text}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('page.retry')}
        </button>
      </div>
      {children}
    </section>
  );
}
