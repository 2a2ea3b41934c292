import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import type { Alternative, AppointmentRequest } from '../api/appointments';
import { useJoinWaitlistMutation, type WaitlistPlace } from '../api/waitlist';

/** Props of JoinWaitlist. */
export interface JoinWaitlistProps {
  /** The full slot the form asked for. */
  slot: Alternative;
  /** The slot in words ("Sun 6 Jan at 10:00 AM"). */
  slotText: string;
  /** The form's contact details and service, as they are now. */
  contact: Pick<AppointmentRequest, 'name' | 'phone' | 'email' | 'service'>;
  /** The form's honeypot, sent along as the booking sends it. */
  website: string;
  /** The id of the form's input for a field, focused when the field is missing. */
  fieldId: (field: 'name' | 'email' | 'phone') => string;
  disabled?: boolean;
  /** Shows field errors next to the form's fields, as the booking does. */
  onFieldErrors: (fields: Record<string, string>) => void;
  /** The slot has room again: the form reloads its slots. */
  onFree: () => void;
  /** The visitor books the freed slot. */
  onBook: (slot: Alternative) => void;
}

type Outcome = { kind: 'joined'; place: WaitlistPlace } | { kind: 'free' } | null;

/**
 * Offered with a taken slot: joins its waitlist with the form's details, the honeypot
 * and, when the server asks for one, a solved challenge. An e-mail address is needed,
 * since the offer is e-mailed. Says the slot is waited for, or that it is free again.
 */
export function JoinWaitlist(props: JoinWaitlistProps) {
  const { slot, slotText, contact, website, fieldId, disabled, onFieldErrors, onFree, onBook } = props;
  const { t } = useTranslation('booking');
  const introId = useId();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [limited, setLimited] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inFlight = useRef(false);
  const joinMutation = useJoinWaitlistMutation(setVerifying);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const noEmail = !contact.email.trim();

  // The answer is where the keyboard and the screen reader go next.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const join = async () => {
    if (inFlight.current || disabled) return;
    // In the form's order: the first one missing gets the focus.
    const missing: Partial<Record<'name' | 'email' | 'phone', string>> = {
      ...(contact.name.trim() ? {} : { name: t('form.required') }),
      ...(noEmail ? { email: t('waitlist.emailRequired') } : {}),
      ...(contact.phone.trim() ? {} : { phone: t('form.required') }),
    };
    const first = (Object.keys(missing) as (keyof typeof missing)[])[0];
    if (first) {
      onFieldErrors(missing as Record<string, string>);
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setLimited(null);
    try {
      const place = await joinMutation.mutateAsync({
        date: slot.date,
        time: slot.time,
        name: contact.name,
        phone: contact.phone,
        email: contact.email,
        service: contact.service,
        website,
      });
      setOutcome({ kind: 'joined', place });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'conflict') {
        setOutcome({ kind: 'free' });
        onFree();
        return;
      }
      const message = err instanceof ApiError && err.code !== 'network' && err.status < 500 ? err.message : '';
      if (err instanceof ApiError) {
        onFieldErrors(err.fields);
        if (err.code === 'rate_limited') setLimited(message || t('form.rateLimited'));
      }
      toast.error(t('toast.errorTitle'), message || t('waitlist.errorText'));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  if (outcome?.kind === 'joined') {
    const { place } = outcome;
    return (
      <div ref={outcomeRef} tabIndex={-1} role="status" className="appt-form__waitlist appt-form__waitlist--done">
        <p>{t('waitlist.joined', { slot: slotText, email: place.email || contact.email })}</p>
      </div>
    );
  }

  if (outcome?.kind === 'free') {
    return (
      <div ref={outcomeRef} tabIndex={-1} role="alert" className="appt-form__waitlist">
        <p>{t('waitlist.free', { slot: slotText })}</p>
        <button type="button" className="button button--primary" disabled={disabled} onClick={() => onBook(slot)}>
          {t('waitlist.book', { slot: slotText })}
        </button>
      </div>
    );
  }

  return (
    <div className="appt-form__waitlist" role="group" aria-label={t('waitlist.label')} aria-describedby={introId}>
      <p id={introId}>{t('waitlist.intro')}</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        aria-describedby={noEmail ? hintId : undefined}
        onClick={() => void join()}
      >
        {verifying ? t('form.verifying') : busy ? t('waitlist.joining') : t('waitlist.join', { slot: slotText })}
      </button>
      {noEmail && (
        <p id={hintId} className="appt-form__hint">
          {t('waitlist.needEmail')}
        </p>
      )}
      {verifying && (
        <p className="appt-form__hint" role="status">
          {t('form.verifyingHint')}
        </p>
      )}
      {limited && (
        <p className="appt-form__error" role="alert">
          {limited}
        </p>
      )}
    </div>
  );
}
