import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './Dialog.css';

/** Props of Dialog. */
export interface DialogProps {
  open: boolean;
  title: string;
  /** A sentence under the title, read out with it (aria-describedby). */
  description?: string;
  /** Escape, the × button and the backdrop's cancel call it. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
}

/**
 * A modal dialog: the native <dialog> makes the rest of the page inert (focus stays
 * inside), focus starts on the element marked data-autofocus (else the first field or
 * button), Escape closes it, and focus goes back where it was when it closes.
 */
export function Dialog({ open, title, description, onClose, children, footer, size = 'medium' }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button:not(.dialog__close)');
    first?.focus();
    // Escape: the browser's own "cancel" of a modal dialog, which would close it behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (previous?.isConnected) previous.focus();
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
        <button type="button" className="dialog__close" onClick={onClose} aria-label={t('ui.close')}>
          ×
        </button>
      </header>
      {description && (
        <p id={descriptionId} className="dialog__description">
          {description}
        </p>
      )}
      {children && <div className="dialog__body">{children}</div>}
      {footer && <footer className="dialog__footer">{footer}</footer>}
    </dialog>
  );
}

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  message: string;
  /** The action's button ("Delete" by default). */
  confirmLabel?: string;
  /** The safe answer, which closes the dialog ("Cancel" by default). */
  cancelLabel?: string;
  /** The action's button while it is sent (its usual words by default). */
  busyLabel?: string;
  /** The action is being sent: both answers wait. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** data-testid of the action's button, for the browser tests. */
  confirmTestId?: string;
}

/**
 * Asks before an action that cannot be taken back: focus starts on the safe answer, and
 * Escape keeps things as they are (not while the action is being sent).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, busyLabel, busy = false, onConfirm, onCancel, confirmTestId } = props;
  const { t } = useTranslation();
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      onClose={cancel}
      size="small"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={cancel} data-autofocus>
            {cancelLabel ?? t('ui.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid={confirmTestId}
          >
            {busy && busyLabel ? busyLabel : (confirmLabel ?? t('ui.delete'))}
          </button>
        </>
      }
    />
  );
}

/** Props of FormFooter. */
export interface FormFooterProps {
  /** The id of the form the dialog holds. */
  form: string;
  /** The submit button's label. */
  label: string;
  busy?: boolean;
  onCancel: () => void;
}

/** The footer of a dialog that holds a form: Cancel, and the form's submit button. */
export function FormFooter({ form, label, busy, onCancel }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        {t('ui.cancel')}
      </button>
      <button type="submit" form={form} className="btn btn--primary" disabled={busy}>
        {label}
      </button>
    </>
  );
}
