import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/ui/toast';
import { toastFailure } from '../../../../lib/mutation';
import type { Appointment } from '../../api/types';
import { useNow } from '../../hooks/useNow';
import { useCan } from '../../hooks/useSession';
import { formatDateTime } from '../../lib/time';
import { OUTCOMES, useRecordOutcomeMutation } from '../api/outcomes';

/**
 * "What happened?": once the meeting's time has passed (not for a cancelled one), the
 * three outcomes, the recorded one pressed; staff may correct it.
 */
export function OutcomePanel({ appointment: a }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation('console');
  const now = useNow();
  const canUpdate = useCan('appointments.update');
  const record = useRecordOutcomeMutation(a.id);
  const started = a.starts_at !== null && new Date(a.starts_at).getTime() <= now;
  if (!started || a.status === 'cancelled') return null;
  const current = a.outcome ?? '';
  return (
    <section aria-labelledby="details-outcome" className="outcome-panel">
      <h3 id="details-outcome">{t('outcomes.title')}</h3>
      <p className="muted">
        {current
          ? t('outcomes.current', {
              outcome: t(`outcomes.value.${current}`),
              when: a.outcome_at ? formatDateTime(i18n.language, a.outcome_at) : '',
            })
          : t('outcomes.none')}
      </p>
      {canUpdate && (
        <div className="page__actions" role="group" aria-label={t('outcomes.title')}>
          {OUTCOMES.map((o) => (
            <button
              key={o}
              type="button"
              className={o === current ? 'btn btn--primary' : 'btn'}
              aria-pressed={o === current}
              disabled={record.isPending}
              onClick={() =>
                o !== current &&
                record.mutate(o, {
                  onSuccess: () => toast.success(t('outcomes.recorded')),
                  onError: toastFailure(() => t('outcomes.failed')),
                })
              }
            >
              {t(`outcomes.value.${o}`)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
