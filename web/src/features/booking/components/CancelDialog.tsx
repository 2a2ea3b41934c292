import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/Dialog';

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

/** Asks before cancelling; focus starts on "keep", and Escape keeps the appointment. */
export function CancelDialog({ open, service, date, time, busy, onConfirm, onClose }: CancelDialogProps) {
  const { t } = useTranslation('manage');
  return (
    <ConfirmDialog
      open={open}
      title={t('cancelDialog.title')}
      message={date ? t('cancelDialog.text', { service, date, time }) : t('cancelDialog.textNoSlot', { service })}
      cancelLabel={t('cancelDialog.keep')}
      confirmLabel={t('cancelDialog.confirm')}
      busyLabel={t('cancelDialog.busy')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
