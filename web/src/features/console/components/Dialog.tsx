import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of Dialog. */
export interface DialogProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
}

/**
 * A modal dialog: the native <dialog> makes the rest of the page inert (focus stays
 * inside), Escape closes it, and focus returns to where it was when it closes.
 */
export function Dialog({ open, title, description, onClose, children, footer, size = 'medium' }: DialogProps) {
  const { t } = useTranslation('console');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('[data-autofocus], input:not([disabled]), select, textarea, button:not(.dialog__close)');
    first?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <header className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__close" onClick={onClose} aria-label={t('action.close')}>
          ×
        </button>
      </header>
      {description && (
        <p id={descriptionId} className="dialog__description">
          {description}
        </p>
      )}
      <div className="dialog__body">{children}</div>
      {footer && <footer className="dialog__footer">{footer}</footer>}
    </dialog>
  );
}

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('console');
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      size="small"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} data-autofocus>
            {t('action.cancel')}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('action.delete')}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
