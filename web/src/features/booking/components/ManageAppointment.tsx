import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorTime } from '../../../lib/visitorTime';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api';
import type { Alternative } from '../api/appointments';
import { useCancelManagedMutation, useRescheduleManagedMutation, type ManagedAppointment } from '../api/manage';
import { useRefreshSlots } from '../hooks/useSlots';
import { agencyOffset, formatDay, formatInstant, formatTime, lockOf, statusKey } from '../lib/manage';
import { CancelDialog } from './CancelDialog';
import { MovePanel } from './MovePanel';
import './ManageAppointment.css';

/** Props of ManageAppointment. */
export interface ManageAppointmentProps {
  /** The manage link's token. */
  token: string;
  appointment: ManagedAppointment;
  /** Shows the appointment a change returned. */
  onChange: (appointment: ManagedAppointment) => void;
  /** The server says the appointment changed meanwhile (cancelled, inside the notice, gone): load it again. */
  onStale: () => void;
  /** How to reach the agency, shown where the page cannot do what the customer wants. */
  contact: ReactNode;
  /**
   * The customer came to cancel (the reminder's "I can't come"): the page opens on
   * cancelling, says moving is another way, and inside the notice whom to call.
   */
  intent?: 'cancel';
}

/** What the customer just did, said once it is done. */
type Done = { kind: 'cancelled' } | { kind: 'moved'; date: string; time: string };

/** A refusal, in the server's words, with the free slots it offers instead. */
interface Problem {
  message: string;
  alternatives: Alternative[];
}

/** Refusals that mean the appointment is no longer what the page shows. */
const STALE = new Set(['too_late', 'conflict', 'not_found', 'gone']);

/**
 * The customer's appointment from their manage link: what, when and its status; cancel
 * (after a confirmation) or move to a free slot, until the minimum notice; and, when the
 * page cannot change it, why and how to reach the agency.
 */
export function ManageAppointment({ token, appointment, onChange, onStale, contact, intent }: ManageAppointmentProps) {
  const { t, i18n } = useTranslation('manage');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const visitorTime = useVisitorTime(lang);
  const titleId = useId();
  const moveId = useId();
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'move' | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const inFlight = useRef(false);
  const refreshSlots = useRefreshSlots();
  const cancelMutation = useCancelManagedMutation(token);
  const moveMutation = useRescheduleManagedMutation(token);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const moveButtonRef = useRef<HTMLButtonElement>(null);

  // What just happened is where the keyboard and the screen reader go next.
  useEffect(() => {
    if (done || problem) feedbackRef.current?.focus();
  }, [done, problem]);

  const problemOf = (err: unknown): Problem => {
    if (!(err instanceof ApiError)) return { message: t('errors.generic'), alternatives: [] };
    const alternatives = Array.isArray(err.details.alternatives) ? (err.details.alternatives as Alternative[]) : [];
    let fallback = t('errors.generic');
    if (err.code === 'rate_limited') fallback = t('errors.rateLimited');
    if (err.code === 'network') fallback = t('errors.network');
    // The server's own words, in the visitor's language, unless there was no answer or it failed.
    const message = err.code === 'network' || err.status >= 500 ? fallback : err.message || fallback;
    return { message, alternatives };
  };

  const act = async (kind: 'cancel' | 'move', send: () => Promise<ManagedAppointment>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(kind);
    setProblem(null);
    setDone(null);
    try {
      const changed = await send();
      onChange(changed);
      setConfirming(false);
      setMoving(false);
      setDone(kind === 'cancel' ? { kind: 'cancelled' } : { kind: 'moved', date: changed.date, time: changed.time });
    } catch (err) {
      setConfirming(false);
      setProblem(problemOf(err));
      // The page then shows what the appointment has become (a move panel it no longer allows goes).
      if (err instanceof ApiError && STALE.has(err.code)) onStale();
      if (err instanceof ApiError && (err.code === 'slot_taken' || err.code === 'slot_closed')) refreshSlots();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const cancel = () => void act('cancel', () => cancelMutation.mutateAsync());
  const move = (to: { date: string; time: string }) => void act('move', () => moveMutation.mutateAsync(to));

  const closeMove = () => {
    setMoving(false);
    moveButtonRef.current?.focus();
  };

  const lock = lockOf(appointment);
  const cancelling = intent === 'cancel' && appointment.can_cancel && lock !== 'cancelled' && lock !== 'past';
  // Opened from "I can't come": the confirmation is the first thing asked, once.
  const opened = useRef(false);
  useEffect(() => {
    if (cancelling && !opened.current) {
      opened.current = true;
      setConfirming(true);
    }
  }, [cancelling]);

  const status = statusKey(appointment.status);
  const day = formatDay(appointment.date, lang);
  const time = formatTime(appointment.time, lang);
  const own = time ? visitorTime(appointment.date, appointment.time) : '';
  const offset = agencyOffset(appointment);
  const deadline = formatInstant(appointment.notice_until, lang, offset);
  const canMove = appointment.can_reschedule && lock !== 'cancelled' && lock !== 'past';
  const canCancel = appointment.can_cancel && lock !== 'cancelled' && lock !== 'past';
  // Just cancelled here: the confirmation says it, the lock need not say it again.
  const saysLock = lock !== null && !(lock === 'cancelled' && done?.kind === 'cancelled');

  return (
    <div className="manage">
      <article className="manage-card" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('details.title')}</h2>
        <dl className="manage-details">
          <div>
            <dt>{t('details.service')}</dt>
            <dd>{appointment.service || t('details.toBeSet')}</dd>
          </div>
          <div>
            <dt>{t('details.date')}</dt>
            <dd>{day || t('details.toBeSet')}</dd>
          </div>
          <div>
            <dt>{t('details.time')}</dt>
            <dd>
              {time ? t('details.timeInZone', { time }) : t('details.toBeSet')}
              {own && ` · ${t('yourTime', { ns: 'common', time: own })}`}
            </dd>
          </div>
          {appointment.mode && (
            <div>
              <dt>{t('details.mode')}</dt>
              <dd>
                {t(`modes.${appointment.mode}`)}
                {appointment.status !== 'cancelled' && appointment.meeting_url && (
                  <>
                    {' '}
                    <a href={appointment.meeting_url} target="_blank" rel="noopener noreferrer" dir="ltr">
                      {t('details.join')}
                    </a>
                  </>
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('details.status')}</dt>
            <dd>
              <span className={`manage-status manage-status--${status}`}>{t(`status.${status}`)}</span>
            </dd>
          </div>
        </dl>
      </article>

      {done && (
        <div ref={feedbackRef} tabIndex={-1} role="status" className="manage-done">
          <p>
            {done.kind === 'cancelled'
              ? t('done.cancelled')
              : t('done.moved', { date: formatDay(done.date, lang), time: formatTime(done.time, lang) })}
          </p>
        </div>
      )}
      {problem && (
        <div ref={feedbackRef} tabIndex={-1} role="alert" className="manage-problem">
          <p>{problem.message}</p>
          {problem.alternatives.length > 0 && canMove && (
            <>
              <p>{t('errors.alternatives')}</p>
              <ul className="manage-alternatives">
                {problem.alternatives.map((a) => (
                  <li key={a.date + a.time}>
                    <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => move(a)}>
                      {t('errors.moveTo', { date: formatDay(a.date, lang), time: a.label || formatTime(a.time, lang) })}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {saysLock ? (
        <div className="manage-lock">
          <p>{t(`lock.${lock}`, { deadline })}</p>
          {lock === 'cancelled' ? null : contact}
        </div>
      ) : lock === null && deadline ? (
        <p className="manage-hint">{t('open.until', { deadline })}</p>
      ) : null}
      {lock === 'cancelled' && (
        <p>
          <Link to="/rendez-vous" className="button button--primary">
            {t('lock.book')}
          </Link>
        </p>
      )}

      {intent === 'cancel' && !done && lock !== 'cancelled' && lock !== 'past' && (
        <p className="manage-hint" data-testid="manage-intent">
          {canCancel ? t('intent.cancel') : t('intent.tooLate')}
        </p>
      )}
      {(canMove || canCancel) && (
        <div className="manage-actions" role="group" aria-label={t('actions.label')}>
          {canMove && (
            <button
              ref={moveButtonRef}
              type="button"
              className="button button--primary"
              aria-expanded={moving}
              aria-controls={moving ? moveId : undefined}
              disabled={busy !== null}
              onClick={() => {
                setProblem(null);
                setDone(null);
                setMoving((m) => !m);
              }}
            >
              {t('actions.move')}
            </button>
          )}
          {canCancel && (
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() => {
                setProblem(null);
                setConfirming(true);
              }}
            >
              {t('actions.cancel')}
            </button>
          )}
        </div>
      )}

      {moving && canMove && (
        <div id={moveId}>
          <MovePanel appointment={appointment} busy={busy === 'move'} onMove={move} onClose={closeMove} />
        </div>
      )}

      <CancelDialog
        open={confirming}
        service={appointment.service}
        date={day}
        time={time}
        busy={busy === 'cancel'}
        onConfirm={cancel}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
