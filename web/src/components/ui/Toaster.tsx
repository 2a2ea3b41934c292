import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './Icon';
import { useToasts } from './toast';
import './Toaster.css';

/** Props of Toaster. */
export interface ToasterProps {
  /** The corner the toasts stack in, at the end of the line: the top, or the bottom. */
  placement?: 'top' | 'bottom';
}

/**
 * Where toasts appear, politely announced: each says itself as a status, an error as an
 * alert. Mounted once by each frame (the public site's layout, the console's root).
 */
export function Toaster({ placement = 'top' }: ToasterProps) {
  const { t } = useTranslation();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className={`toaster toaster--${placement}`} role="region" aria-label={t('ui.toasts')}>
      <ol aria-live="polite">
        {toasts.map((item) => (
          <li key={item.id} className={`toast toast--${item.variant}`}>
            <div className="toast__text" role={item.variant === 'error' ? 'alert' : 'status'}>
              <p className="toast__title">
                {item.title}
                {(item.count ?? 1) > 1 && <span className="toast__count"> {t('ui.repeated', { count: item.count })}</span>}
              </p>
              {item.description && <p className="toast__description">{item.description}</p>}
            </div>
            {item.action && (
              <Link className="toast__action" to={item.action.href} onClick={() => dismiss(item.id)}>
                {item.action.label}
              </Link>
            )}
            <button type="button" className="toast__close" onClick={() => dismiss(item.id)} aria-label={t('ui.close')}>
              <Icon name="X" size={16} />
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
