import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/Dialog';
import { toast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api';
import { toastFailure } from '../../../../lib/mutation';
import { useBulkAppointmentsMutation } from '../api/appointments';
import { STATUSES } from '../../api/types';
import { FilterSelect } from '../../components/FilterSelect';

/** Props of AppointmentBulkBar. */
export interface AppointmentBulkBarProps {
  /** The selected rows' ids; the bar shows only while some are. */
  ids: string[];
  canUpdate: boolean;
  canDelete: boolean;
  /** A bulk change went through: the selection is cleared and the page read again. */
  onDone: () => void;
  onClear: () => void;
}

/** What acts on the selected appointments: set one status to all, delete them (after a confirmation), or unselect. */
export function AppointmentBulkBar({ ids, canUpdate, canDelete, onDone, onClear }: AppointmentBulkBarProps) {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const bulk = useBulkAppointmentsMutation();
  const busy = bulk.isPending;

  const applyStatus = () => {
    if (!status || ids.length === 0) return;
    bulk.mutate(
      { ids, status },
      {
        onSuccess: () => {
          toast.success(t('appointments.bulkUpdated', { count: ids.length, status: t(`status.${status}`) }));
          setStatus('');
          onDone();
        },
        onError: (err) => {
          // A bulk is all or nothing: a refused slot names each refused appointment.
          const refused = err instanceof ApiError && (err.code === 'slot_taken' || err.code === 'slot_closed');
          toast.error(
            t('appointments.bulkUpdateFailed'),
            refused ? `${err.message} ${t('slot.bulkRefused', { count: Object.keys(err.fields).length })}` : undefined,
          );
        },
      },
    );
  };
  const remove = () => {
    bulk.mutate(
      { ids, remove: true },
      {
        onSuccess: () => {
          toast.success(t('appointments.bulkDeleted', { count: ids.length }));
          setConfirmDelete(false);
          onDone();
        },
        onError: toastFailure(() => t('appointments.bulkDeleteFailed')),
      },
    );
  };

  return (
    <>
      {ids.length > 0 && (
        <div className="bulk-bar" role="region" aria-label={t('appointments.bulk')}>
          <span>{t('appointments.selected', { count: ids.length })}</span>
          {canUpdate && (
            <>
              <FilterSelect
                label={t('appointments.bulkStatus')}
                value={status}
                values={STATUSES}
                allLabel={t('appointments.bulkStatus')}
                optionLabel={(st) => t(`status.${st}`)}
                onChange={setStatus}
              />
              <button type="button" className="btn" disabled={!status || busy} onClick={() => void applyStatus()}>
                {t('appointments.applyStatus')}
              </button>
            </>
          )}
          {canDelete && (
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
              {t('appointments.deleteSelected')}
            </button>
          )}
          <button type="button" className="btn" onClick={onClear}>
            {t('appointments.clearSelection')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('appointments.deleteSelected')}
        message={t('appointments.confirmBulkDelete', { count: ids.length })}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
