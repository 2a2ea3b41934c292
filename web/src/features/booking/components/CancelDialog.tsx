import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of CancelDialog. */
export interface CancelDialogProps {
  open: boolean;
  /** The appointment in words: service, day and time (empty while no slot is set). */
  service: string;
  date: string;
  time: string;
  /** The cancellation is being sent: both buttons wait. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before cancelling. A modal <dialog>: the page behind is inert, focus starts on
 * "keep" (the safe answer), Escape keeps the appointment, and focus goes back to the
 * button that opened it.
 */
export function CancelDialog({ open, service, date, time, busy, onConfirm, onClose }: CancelDialogProps) {
  const { t } = useTranslation('manage');
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
      <h2 id={titleId}>{t('cancelDialog.title')}</h2>
      <p id={textId}>{date ? t('cancelDialog.text', { service, date, time }) : t('cancelDialog.textNoSlot', { service })}</p>
      <div className="manage-dialog__actions">
        <button ref={keepRef} type="button" className="button button--ghost" onClick={() => !busy && onClose()}>
          {t('cancelDialog.keep')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('cancelDialog.busy') : t('cancelDialog.confirm')}
        </button>
      </div>
    </dialog>
  );
}
