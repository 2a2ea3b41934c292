import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { useAcceptOfferMutation, useDeclineOfferMutation, type WaitlistOffer } from '../api/offer';
import { agencyOffset, formatDay, formatInstant, formatTime } from '../lib/manage';
import { timeLeft, timeLeftKey } from '../lib/offer';
import './OfferPanel.css';

/** Props of OfferPanel. */
export interface OfferPanelProps {
  /** The offer link's token. */
  token: string;
  offer: WaitlistOffer;
  /** Shows the offer as an action left it. */
  onChange: (offer: WaitlistOffer) => void;
  /** The hold ran out on screen: ask the server where the offer stands. */
  onExpired: () => void;
}

/** What the person just did, or learnt, said once. */
type Done = { kind: 'accepted'; email: boolean } | { kind: 'declined' } | { kind: 'gone' };

/** How often the time left is worked out again. */
const TICK_MS = 15_000;

/** The clock, read again every TICK_MS. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A waitlist offer from its e-mail's link: the service, the slot, until when it is held
 * and the time left; accept (an appointment is booked) or decline (after a confirmation,
 * the place goes to the next in line). An offer already accepted says it is booked.
 */
export function OfferPanel({ token, offer, onChange, onExpired }: OfferPanelProps) {
  const { t, i18n } = useTranslation('waitlist');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const titleId = useId();
  const now = useNow();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);
  const accept = useAcceptOfferMutation(token);
  const decline = useDeclineOfferMutation(token);
  const feedbackRef = useRef<HTMLDivElement>(null);

  const day = formatDay(offer.date, lang);
  const time = formatTime(offer.time, lang);
  const slot = t('slot', { date: day, time });
  const booked = offer.state === 'accepted';
  const open = !booked && done === null;
  const left = timeLeft(offer.hold_until, now);
  const expired = open && left === null;

  // What just happened is where the keyboard and the screen reader go next.
  useEffect(() => {
    if (done || problem) feedbackRef.current?.focus();
  }, [done, problem]);

  // The hold ran out while the page was open: the server says what became of the offer.
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;
  useEffect(() => {
    if (expired) onExpiredRef.current();
  }, [expired]);

  const problemOf = (err: unknown): string => {
    if (!(err instanceof ApiError)) return t('errors.generic');
    if (err.code === 'network') return t('errors.network');
    if (err.status >= 500) return t('errors.generic');
    return err.message || t(err.code === 'rate_limited' ? 'errors.rateLimited' : 'errors.generic');
  };

  const act = async (kind: 'accept' | 'decline') => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(kind);
    setProblem(null);
    try {
      if (kind === 'accept') {
        const appointment = await accept.mutateAsync();
        onChange({ ...offer, state: 'accepted', appointment_id: appointment.id });
        setDone({ kind: 'accepted', email: appointment.confirmation_email === true });
      } else {
        await decline.mutateAsync();
        setDone({ kind: 'declined' });
      }
    } catch (err) {
      // An unknown token after a successful load: the offer is closed all the same.
      if (err instanceof ApiError && (err.status === 410 || err.status === 404)) setDone({ kind: 'gone' });
      else setProblem(problemOf(err));
    } finally {
      setConfirming(false);
      inFlight.current = false;
      setBusy(null);
    }
  };

  const result = done ?? (booked ? ({ kind: 'accepted', email: false } as const) : null);
  const resultText =
    result?.kind === 'accepted'
      ? t(result.email ? 'result.bookedEmail' : 'result.booked', { slot })
      : result
        ? t(`result.${result.kind}`)
        : '';
  const deadline = formatInstant(offer.hold_until, lang, agencyOffset(offer));

  return (
    <div className="offer">
      <article className="offer-card" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('details.title')}</h2>
        <dl className="offer-details">
          <div>
            <dt>{t('details.service')}</dt>
            <dd>{offer.service || t('details.noService')}</dd>
          </div>
          <div>
            <dt>{t('details.date')}</dt>
            <dd>{day}</dd>
          </div>
          <div>
            <dt>{t('details.time')}</dt>
            <dd>{t('details.timeInZone', { time })}</dd>
          </div>
          {open && (
            <div>
              <dt>{t('details.holdUntil')}</dt>
              <dd>
                {deadline}
                <span className="offer-left">{left ? t(`left.${timeLeftKey(left)}`, { hours: left.hours, minutes: left.minutes }) : t('left.ended')}</span>
              </dd>
            </div>
          )}
        </dl>
      </article>

      {result && (
        <div
          ref={done ? feedbackRef : undefined}
          tabIndex={-1}
          role={result.kind === 'gone' ? 'alert' : 'status'}
          className={`offer-result offer-result--${result.kind}`}
          data-testid="offer-result"
        >
          <p>{resultText}</p>
          {result.kind !== 'accepted' && (
            <p>
              <Link to="/rendez-vous" className="button button--primary">
                {t('page.book')}
              </Link>
            </p>
          )}
        </div>
      )}
      {problem && (
        <div ref={feedbackRef} tabIndex={-1} role="alert" className="offer-problem">
          <p>{problem}</p>
        </div>
      )}

      {open && (
        <div className="offer-actions" role="group" aria-label={t('actions.label')}>
          <button
            type="button"
            className="button button--primary"
            data-testid="offer-accept"
            disabled={busy !== null}
            aria-busy={busy === 'accept' || undefined}
            onClick={() => void act('accept')}
          >
            {busy === 'accept' ? t('actions.accepting') : t('actions.accept')}
          </button>
          <button
            type="button"
            className="button button--danger"
            data-testid="offer-decline"
            disabled={busy !== null}
            onClick={() => {
              setProblem(null);
              setConfirming(true);
            }}
          >
            {t('actions.decline')}
          </button>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title={t('declineDialog.title')}
        message={t('declineDialog.text', { slot })}
        cancelLabel={t('declineDialog.keep')}
        confirmLabel={t('declineDialog.confirm')}
        busyLabel={t('declineDialog.busy')}
        busy={busy === 'decline'}
        onConfirm={() => void act('decline')}
        onCancel={() => setConfirming(false)}
        confirmTestId="offer-decline-confirm"
      />
    </div>
  );
}
