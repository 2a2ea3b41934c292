import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToasts } from '../hooks/useToasts';

/** Where toasts appear; announced politely to screen readers. */
export function Toaster() {
  const { t } = useTranslation('console');
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className="toaster" role="region" aria-label={t('toast.region')}>
      <ol aria-live="polite">
        {toasts.map((item) => (
          <li key={item.id} className={`toast toast--${item.variant}`}>
            <div className="toast__text" role={item.variant === 'error' ? 'alert' : 'status'}>
              <p className="toast__title">{item.title}</p>
              {item.description && <p className="toast__description">{item.description}</p>}
            </div>
            {item.action && (
              <Link className="btn btn--small" to={item.action.href} onClick={() => dismiss(item.id)}>
                {item.action.label}
              </Link>
            )}
            <button type="button" className="toast__close" onClick={() => dismiss(item.id)} aria-label={t('action.close')}>
              ×
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
