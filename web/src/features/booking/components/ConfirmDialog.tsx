import { useEffect, useId, useRef } from 'react';
import './ConfirmDialog.css';

/** Props of ConfirmDialog. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  text: string;
  /** The safe answer, which closes the dialog. */
  keepLabel: string;
  confirmLabel: string;
  /** The confirm button's words while the action is sent. */
  busyLabel: string;
  /** The action is being sent: both buttons wait. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** data-testid of the confirm button, for the browser tests. */
  confirmTestId?: string;
}

/**
 * Asks before an action the customer cannot take back. A modal <dialog>: the page behind
 * is inert, focus starts on the safe answer, Escape keeps things as they are, and focus
 * goes back to the button that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, text, keepLabel, confirmLabel, busyLabel, busy, onConfirm, onClose, confirmTestId } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    keepRef.current?.focus();
    // Escape: the browser's own "cancel" of a modal dialog, which would close it behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (!busyRef.current) onCloseRef.current();
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
      className="manage-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          if (!busy) onClose();
        }
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <div className="manage-dialog__actions">
        <button ref={keepRef} type="button" className="button button--ghost" onClick={() => !busy && onClose()}>
          {keepLabel}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid={confirmTestId}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
