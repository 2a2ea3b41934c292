import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';

/** A free slot the server offers instead of a refused one. */
export interface SlotAlternative {
  date: string;
  time: string;
  label?: string;
}

/** A refused slot: the server's message (in the console's language) and the nearest free slots. */
export interface SlotRefusal {
  code: 'slot_taken' | 'slot_closed';
  message: string;
  alternatives: SlotAlternative[];
}

/** The slot refusal carried by err (409 slot_taken, 422 slot_closed), else null. */
export function slotRefusalOf(err: unknown): SlotRefusal | null {
  if (!(err instanceof ApiError) || (err.code !== 'slot_taken' && err.code !== 'slot_closed')) return null;
  const alternatives = Array.isArray(err.details.alternatives) ? (err.details.alternatives as SlotAlternative[]) : [];
  return { code: err.code === 'slot_taken' ? 'slot_taken' : 'slot_closed', message: err.message, alternatives };
}

/** Shows a refused slot and offers its alternatives; picking one calls onPick. */
export function SlotProblem({ refusal, onPick }: { refusal: SlotRefusal | null; onPick: (slot: SlotAlternative) => void }) {
  const { t } = useTranslation('console');
  if (!refusal) return null;
  return (
    <div className="form-error field--wide" role="alert">
      <p>{refusal.message}</p>
      {refusal.alternatives.length > 0 && (
        <div role="group" aria-label={t('slot.alternatives')}>
          <p>{t('slot.alternatives')}</p>
          {refusal.alternatives.map((a) => (
            <button key={`${a.date} ${a.time}`} type="button" className="btn btn--small" onClick={() => onPick(a)}>
              {t('slot.pick', { date: a.date, time: a.time })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
