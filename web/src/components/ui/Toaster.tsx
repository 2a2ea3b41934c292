import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { useToasts } from './toast';
import './Toaster.css';

/** Renders the toasts; polite ones in a status region, destructive ones as alerts. */
export function Toaster() {
  const { t } = useTranslation('site');
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const list = (variant: 'default' | 'destructive') =>
    toasts
      .filter((x) => (x.variant ?? 'default') === variant)
      .map((x) => (
        <div key={x.id} className={`toast toast--${variant}`}>
          <div className="toast__body">
            <p className="toast__title">{x.title}</p>
            {x.description && <p className="toast__description">{x.description}</p>}
          </div>
          <button type="button" className="toast__close" onClick={() => dismiss(x.id)} aria-label={t('ui.close')}>
            <Icon name="X" size={16} />
          </button>
        </div>
      ));
  return (
    <div className="toaster">
      <div role="status" aria-live="polite">
        {list('default')}
      </div>
      <div role="alert" aria-live="assertive">
        {list('destructive')}
      </div>
    </div>
  );
}
