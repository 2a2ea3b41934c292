import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api';
import { fieldErrorsOf, messageOf } from '../../../../lib/mutation';
import { useConsultants } from '../../api/consultants';
import type { Appointment } from '../../api/types';
import { useReassignMutation } from '../api/appointments';

/**
 * Gives the appointment to another consultant. The server checks the new one takes the
 * service and is free then; a refusal (409 slot_taken: they meet someone else then) is
 * shown with its message, beside the select.
 */
export function ReassignConsultant({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('console');
  const everyone = useConsultants();
  const current = appointment.consultant_id ?? '';
  // The active consultants who take the appointment's service (any for a general one), and the one it has.
  const consultants = everyone.filter(
    (c) => c.user_id === current || (c.active && (!appointment.service || c.services.includes(appointment.service))),
  );
  const [chosen, setChosen] = useState(current);
  const [error, setError] = useState('');
  const reassign = useReassignMutation(appointment.id);
  if (everyone.length === 0) return null;
  const id = `reassign-${appointment.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || chosen === current) return;
    setError('');
    reassign.mutate(chosen, {
      onSuccess: (saved) => toast.success(t('consultants.reassigned', { name: saved?.consultant_name || consultants.find((c) => c.user_id === chosen)?.name || '' })),
      onError: (err) => {
        // 409 slot_taken: busy then; 400 validation: not active, or does not take the service.
        const said =
          err instanceof ApiError && err.code === 'slot_taken'
            ? err.message || t('consultants.busy')
            : (fieldErrorsOf(err).consultant_id ?? messageOf(err, t('consultants.reassignFailed')));
        setError(said);
        toast.error(t('consultants.reassignFailed'), said);
      },
    });
  };

  return (
    <form className="reassign" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('consultants.reassignTitle')}</h3>
      <div className="reassign__row">
        <label className="field field--inline">
          <span className="visually-hidden">{t('consultants.reassignTo')}</span>
          <select
            value={chosen}
            onChange={(e) => {
              setChosen(e.target.value);
              setError('');
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            {!current && (
              <option value="" disabled>
                {t('consultants.choose')}
              </option>
            )}
            {consultants.map((c) => (
              <option key={c.user_id} value={c.user_id}>
                {c.active ? c.name : `${c.name} (${t('consultants.inactive')})`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn" disabled={reassign.isPending || !chosen || chosen === current}>
          {t('consultants.reassign')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
