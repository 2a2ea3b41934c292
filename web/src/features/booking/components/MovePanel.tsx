import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorTime } from '../../../lib/visitorTime';
import type { ManagedAppointment } from '../api/manage';
import { useDay } from '../hooks/useSlots';
import { agencyOffset, agencyToday, slotChoices } from '../lib/manage';
// The slots look as they do in the booking form.
import './AppointmentForm.css';

/** Props of MovePanel. */
export interface MovePanelProps {
  appointment: ManagedAppointment;
  /** A move is being sent. */
  busy: boolean;
  onMove: (to: { date: string; time: string }) => void;
  onClose: () => void;
}

/** Picks a new day and one of its free slots for the appointment. */
export function MovePanel({ appointment, busy, onMove, onClose }: MovePanelProps) {
  const { t, i18n } = useTranslation('manage');
  const visitorTime = useVisitorTime(i18n.resolvedLanguage ?? i18n.language);
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The day starts as the appointment's own: its other free slots are one click away.
  const [date, setDate] = useState(appointment.date);
  const [time, setTime] = useState('');
  const [missing, setMissing] = useState(false);
  const minDate = agencyToday(agencyOffset(appointment));

  useEffect(() => titleRef.current?.focus(), []);

  const day = useDay(date);
  const choices = useMemo(() => slotChoices(day.data, appointment), [day.data, appointment]);

  // A chosen slot that is no longer free is dropped.
  useEffect(() => {
    if (time && day.data && !choices.some((c) => c.time === time && c.state === 'free')) setTime('');
  }, [day.data, time, choices]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!date || !time) {
      setMissing(true);
      return;
    }
    onMove({ date, time });
  };

  let slots;
  if (!date) slots = <p className="manage-hint">{t('move.pickDate')}</p>;
  else if (day.loading) slots = <p className="manage-hint" role="status">{t('move.loadingSlots')}</p>;
  else if (day.error) slots = <p className="manage-hint" role="alert">{t('move.slotsFailed')}</p>;
  else if (day.data?.closed) {
    const reason = day.data.reason;
    slots = (
      <p className="manage-hint">
        {reason === 'beyond_horizon'
          ? t('move.beyondHorizon', { days: day.data.horizon_days })
          : t(reason === 'past' ? 'move.pastDay' : 'move.closedDay')}
      </p>
    );
  } else {
    const anyFree = choices.some((c) => c.state === 'free');
    slots = (
      <>
        {!anyFree && <p className="manage-hint">{t('move.noFree')}</p>}
        <div className="manage-slots">
          {choices.map((c) => (
            <label key={c.time} className="slot" data-taken={c.state !== 'free' || undefined}>
              <input
                type="radio"
                name={`${id}-time`}
                value={c.time}
                checked={time === c.time}
                disabled={c.state !== 'free' || busy}
                onChange={() => {
                  setTime(c.time);
                  setMissing(false);
                }}
              />
              {visitorTime(date, c.time) ? (
                <span>
                  <bdi dir="ltr">{c.label}</bdi>
                  <small className="slot__own"> · {t('yourTime', { ns: 'common', time: visitorTime(date, c.time) })}</small>
                </span>
              ) : (
                <span dir="ltr">{c.label}</span>
              )}
              {c.state !== 'free' && <span className="slot__note"> {t(`move.slot.${c.state}`)}</span>}
            </label>
          ))}
        </div>
      </>
    );
  }

  return (
    <form className="manage-move" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {t('move.title')}
      </h2>
      <div className="manage-move__field">
        <label htmlFor={`${id}-date`}>{t('move.date')}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          min={minDate}
          onChange={(e) => {
            setDate(e.target.value);
            setTime('');
          }}
        />
      </div>
      <fieldset className="manage-move__slots" aria-describedby={missing ? `${id}-missing` : undefined}>
        <legend>{t('move.time')}</legend>
        {slots}
        {missing && (
          <p id={`${id}-missing`} className="manage-error" role="alert">
            {t('move.pickSlot')}
          </p>
        )}
      </fieldset>
      <div className="manage-actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('move.busy') : t('move.submit')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {t('move.close')}
        </button>
      </div>
    </form>
  );
}
