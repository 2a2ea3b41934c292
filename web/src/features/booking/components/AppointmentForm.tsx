import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorTime } from '../../../lib/visitorTime';
import { useNavigate } from 'react-router';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { Honeypot } from '../../../components/ui/Honeypot';
import { toast } from '../../../components/ui/toast';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api';
import { currentAttribution } from '../../../lib/attribution';
import { useClientValue } from '../../../lib/clientValue';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCreateAppointmentMutation, type Alternative, type AppointmentRequest } from '../api/appointments';
import { useConsultantChoices, useDay, useRefreshSlots, useServiceChoices } from '../hooks/useSlots';
import { MeetingModeChoice } from './MeetingModeChoice';
import { JoinWaitlist } from './JoinWaitlist';
import { ServiceQuestions } from './ServiceQuestions';
import './AppointmentForm.css';

/**
 * Services offered while the catalogue has not loaded (or fails to): the specification's
 * slugs, which the server takes as the service, named in the reader's language
 * (booking:fallbackServices).
 */
export const FALLBACK_SERVICES = [
  'developpement-web',
  'developpement-mobile',
  'photographie',
  'bots-ia',
  'mini-services',
  'formation',
  'consultation',
] as const;

const empty: AppointmentRequest = {
  name: '',
  email: '',
  phone: '',
  service: '',
  date: '',
  time: '',
  message: '',
  company: '',
  sector: '',
  mode: '',
};

/** Today as YYYY-MM-DD in the visitor's time zone. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The answers given to these questions (by id), without any to another service's. */
function answersTo(questions: { id: string }[], given: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of questions) {
    const v = given[q.id]?.trim();
    if (v) out[q.id] = v;
  }
  return out;
}

/** The form's errors without those of the questions' answers. */
function withoutAnswerErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('answers.')));
}

/** Props of AppointmentForm. */
export interface AppointmentFormProps {
  /** While the site is in maintenance the form cannot be sent. */
  disabled?: boolean;
  /** Level of the form's title (default 3). */
  titleLevel?: HeadingLevel;
}

/** The appointment request form: contact details, service, a free slot and a message. */
export function AppointmentForm({ disabled, titleLevel = 3 }: AppointmentFormProps) {
  const { t, i18n } = useTranslation('booking');
  const visitorTime = useVisitorTime(i18n.resolvedLanguage ?? i18n.language);
  const id = useId();
  // No minimum in a prerendered page: the browser sets today's.
  const minDate = useClientValue(() => today(), undefined);
  const [values, setValues] = useState<AppointmentRequest>(empty);
  // The answers to the chosen service's questions, by question id.
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [verifying, setVerifying] = useState(false);
  // The server's refusal of a flood (429), shown under the button until the next send.
  const [limited, setLimited] = useState<string | null>(null);
  // The honeypot: hidden from people, so only a robot fills it.
  const [website, setWebsite] = useState('');
  const [alternatives, setAlternatives] = useState<Alternative[]>([]);
  // The slot the server just refused as full: its waitlist is offered.
  const [taken, setTaken] = useState<Alternative | null>(null);
  // One key per distinct request: kept across retries of the same values, renewed on change.
  const key = useRef(newIdempotencyKey());
  const started = useRef(false);
  const inFlight = useRef(false);
  const book = useCreateAppointmentMutation(setVerifying);

  const navigate = useNavigate();
  const services = useServiceChoices();
  const options = services.data?.length
    ? services.data.map((s) => ({ value: s.name, label: s.name }))
    : FALLBACK_SERVICES.map((slug) => ({ value: slug, label: t(`fallbackServices.${slug}`) }));
  // The chosen service's meeting modes: asked only when it offers more than one.
  const chosen = services.data?.find((s) => s.name === values.service);
  // Whom the visitor would like to meet: offered when more than one consultant takes the service.
  const serviceSlug = chosen?.slug ?? values.service;
  const consultants = useConsultantChoices(serviceSlug);
  const [consultant, setConsultant] = useState('');
  const withWhom = consultants.some((c) => c.id === consultant) ? consultant : '';
  const day = useDay(values.date, serviceSlug, withWhom);
  const refreshSlots = useRefreshSlots();

  // A chosen time that is no longer free on the chosen day is dropped.
  useEffect(() => {
    const slots = day.data?.slots;
    if (!day.data || !values.time) return;
    if (!slots?.some((s) => s.time === values.time && s.free)) setValues((v) => ({ ...v, time: '' }));
  }, [day.data, values.time]);

  const set = (field: keyof AppointmentRequest, value: string) => {
    key.current = newIdempotencyKey();
    setValues((v) => ({
      ...v,
      [field]: value,
      ...(field === 'date' ? { time: '' } : {}),
      // Another service has its own modes: its default until the visitor picks one.
      ...(field === 'service' ? { mode: '' } : {}),
    }));
    // Another service asks its own questions: the answers to the old one's go.
    if (field === 'service') setAnswers({});
    setErrors((e) => {
      const { [field]: _, ...rest } = e;
      return field === 'service' ? withoutAnswerErrors(rest) : rest;
    });
  };
  const answer = (question: string, value: string) => {
    key.current = newIdempotencyKey();
    setAnswers((a) => ({ ...a, [question]: value }));
    setErrors(({ [`answers.${question}`]: _, ...rest }) => rest);
  };
  // The chosen service's questions, in the visitor's language; none for a service without.
  const questions = chosen?.questions ?? [];
  const onChange = (field: keyof AppointmentRequest) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    set(field, e.target.value);

  const onFocus = () => {
    if (started.current) return;
    started.current = true;
    track('appointment_booking_start', { place: 'form' });
  };

  const submit = async (body: AppointmentRequest) => {
    if (inFlight.current || disabled) return;
    const noName = !body.name.trim();
    const noPhone = !body.phone.trim();
    if (noName || noPhone) {
      setErrors({
        ...(noName ? { name: t('form.required') } : {}),
        ...(noPhone ? { phone: t('form.required') } : {}),
      });
      // The toast names the fields that are missing, and only those.
      const text = noName && noPhone ? 'toast.requiredText' : noName ? 'toast.requiredName' : 'toast.requiredPhone';
      toast.error(t('toast.requiredTitle'), t(text));
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setAlternatives([]);
    setTaken(null);
    setLimited(null);
    try {
      const booked = await book.mutateAsync({
        body: {
          ...body,
          website,
          ...(withWhom ? { consultant_id: withWhom } : {}),
          answers: answersTo(questions, answers),
          attribution: currentAttribution(),
        },
        idempotencyKey: key.current,
      });
      track('contact_form_submit', { service: body.service || 'none' });
      // Tells a console open in another tab of this browser to refresh its list.
      try {
        localStorage.setItem('appointmentCreated', String(Date.now()));
        localStorage.removeItem('appointmentCreated');
      } catch {
        // storage disabled
      }
      window.dispatchEvent(new Event('appointment-refresh'));
      setValues(empty);
      setAnswers({});
      setConsultant('');
      setErrors({});
      key.current = newIdempotencyKey();
      refreshSlots();
      if (booked.manage_token) {
        // The booking's own page: what was booked, the calendar file, the manage link's actions.
        void navigate(`/rendez-vous/confirmation/${booked.manage_token}`, {
          state: { email: booked.email || '', confirmationEmail: booked.confirmation_email === true },
        });
      } else {
        // A server without the page's link: the toast says it. An e-mail is promised only when one is on its way.
        const text = booked.confirmation_email ? t('toast.successEmail', { email: booked.email }) : t('toast.successText');
        toast.success(t('toast.successTitle'), text);
      }
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fields);
        const alts = Array.isArray(err.details.alternatives) ? (err.details.alternatives as Alternative[]) : [];
        if (err.code === 'slot_taken' || err.code === 'slot_closed') {
          setAlternatives(alts);
          refreshSlots();
        }
        if (err.code === 'slot_taken' && body.date && body.time) {
          setTaken({ date: body.date, time: body.time, label: slotLabel(body.date, body.time) });
        }
        if (err.code === 'rate_limited') setLimited(err.message || t('form.rateLimited'));
        toast.error(t('toast.errorTitle'), err.message || t('toast.errorText'));
      } else {
        toast.error(t('toast.errorTitle'), t('toast.errorText'));
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(values);
  };

  // The label the slots list gave the time (the server's), else the time itself.
  const slotLabel = (date: string, time: string) =>
    (day.data?.date === date ? day.data.slots.find((s) => s.time === time)?.label : undefined) ??
    alternatives.find((a) => a.date === date && a.time === time)?.label ??
    time;

  const pickAlternative = (alt: Alternative) => {
    const next = { ...values, date: alt.date, time: alt.time };
    key.current = newIdempotencyKey();
    setValues(next);
    void submit(next);
  };

  const field = (name: keyof AppointmentRequest) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: onChange(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="appt-form__error">
        {errors[name]}
      </p>
    ) : null;

  const slots = day.data?.slots ?? [];
  const formatDate = (date: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', day: 'numeric', month: 'short' }).format(
      new Date(`${date}T12:00:00`),
    );

  return (
    <form className="appt-form" onSubmit={onSubmit} onFocus={onFocus} noValidate aria-labelledby={`${id}-title`}>
      <Heading level={titleLevel} id={`${id}-title`} className="appt-form__title">
        {t('form.title')}
      </Heading>
      {disabled && (
        <p className="appt-form__notice" role="status">
          {t('form.maintenance')}
        </p>
      )}
      <div className="appt-form__grid">
        <div className="appt-form__field">
          <label htmlFor={`${id}-name`}>{t('form.name')} *</label>
          <input {...field('name')} autoComplete="name" aria-required="true" maxLength={100} />
          {error('name')}
        </div>
        <div className="appt-form__field">
          <label htmlFor={`${id}-email`}>{t('form.email')} *</label>
          <input {...field('email')} type="email" autoComplete="email" inputMode="email" />
          {error('email')}
        </div>
        <div className="appt-form__field">
          <label htmlFor={`${id}-phone`}>{t('form.phone')} *</label>
          <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" aria-required="true" dir="ltr" />
          {error('phone')}
        </div>
        <div className="appt-form__field">
          <label htmlFor={`${id}-service`}>{t('form.service')} *</label>
          <select {...field('service')}>
            <option value="">{t('form.servicePlaceholder')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {error('service')}
        </div>
        {chosen && chosen.modes.length > 1 && (
          <MeetingModeChoice
            name={`${id}-mode`}
            modes={chosen.modes}
            value={values.mode || chosen.default_mode}
            onChange={(mode) => set('mode', mode)}
            error={errors.mode}
            errorId={`${id}-mode-error`}
          />
        )}
        <ServiceQuestions questions={questions} answers={answers} onChange={answer} errors={errors} idPrefix={id} />
        {consultants.length > 1 && (
          <div className="appt-form__field">
            <label htmlFor={`${id}-consultant`}>{t('form.withWhom')}</label>
            <select
              id={`${id}-consultant`}
              name="consultant_id"
              value={withWhom}
              onChange={(e) => {
                key.current = newIdempotencyKey();
                setConsultant(e.target.value);
                setErrors(({ consultant_id: _, ...rest }) => rest);
              }}
              aria-invalid={errors.consultant_id ? true : undefined}
              aria-describedby={errors.consultant_id ? `${id}-consultant_id-error` : undefined}
            >
              <option value="">{t('form.noPreference')}</option>
              {consultants.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('consultant_id')}
          </div>
        )}
        <div className="appt-form__field">
          <label htmlFor={`${id}-company`}>{t('form.company')}</label>
          <input {...field('company')} autoComplete="organization" />
          {error('company')}
        </div>
        <div className="appt-form__field">
          <label htmlFor={`${id}-sector`}>{t('form.sector')}</label>
          <input {...field('sector')} />
          {error('sector')}
        </div>
        <div className="appt-form__field">
          <label htmlFor={`${id}-date`}>{t('form.date')}</label>
          <input {...field('date')} type="date" min={minDate} />
          {error('date')}
        </div>
        <fieldset className="appt-form__field appt-form__slots" aria-describedby={errors.time ? `${id}-time-error` : undefined}>
          <legend>{t('form.time')}</legend>
          {!values.date ? (
            <p className="appt-form__hint">{t('form.pickDate')}</p>
          ) : day.loading ? (
            <p className="appt-form__hint">{t('form.loadingSlots')}</p>
          ) : day.data?.closed ? (
            <p className="appt-form__hint">
              {day.data.reason === 'beyond_horizon'
                ? t('form.beyondHorizon', { days: day.data.horizon_days })
                : t(day.data.reason === 'past' ? 'form.pastDay' : 'form.closedDay')}
            </p>
          ) : (
            <div className="appt-form__slot-list">
              {slots.map((slot) => {
                // The slot the server just refused reads as taken before the refreshed list arrives.
                const refused = taken?.date === values.date && taken.time === slot.time;
                const s = refused ? { ...slot, free: false } : slot;
                const own = visitorTime(values.date, s.time);
                return (
                <label key={s.time} className="slot" data-taken={!s.free || undefined}>
                  <input
                    type="radio"
                    name={`${id}-time`}
                    value={s.time}
                    checked={values.time === s.time}
                    disabled={!s.free}
                    onChange={() => set('time', s.time)}
                  />
                  {own ? (
                    <span>
                      <bdi dir="ltr">{s.label}</bdi>
                      <small className="slot__own"> · {t('yourTime', { ns: 'common', time: own })}</small>
                    </span>
                  ) : (
                    <span dir="ltr">{s.label}</span>
                  )}
                  {!s.free && <span className="visually-hidden"> {t(s.past ? 'form.slotPast' : 'form.slotTaken')}</span>}
                </label>
                );
              })}
            </div>
          )}
          {error('time')}
        </fieldset>
        <div className="appt-form__field appt-form__field--wide">
          <label htmlFor={`${id}-message`}>{t('form.message')}</label>
          <textarea {...field('message')} rows={4} maxLength={2000} />
          {error('message')}
        </div>
      </div>

      {alternatives.length > 0 && (
        <div className="appt-form__alternatives" role="group" aria-label={t('form.alternatives')}>
          <p>{t('form.alternatives')}</p>
          <ul>
            {alternatives.map((a) => (
              <li key={a.date + a.time}>
                <button type="button" className="button button--ghost" onClick={() => pickAlternative(a)} disabled={submitting}>
                  {t('form.bookAlternative', { date: formatDate(a.date), time: a.label })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {taken && (
        <JoinWaitlist
          key={taken.date + taken.time}
          slot={taken}
          slotText={t('waitlist.slot', { date: formatDate(taken.date), time: taken.label })}
          contact={values}
          website={website}
          fieldId={(name) => `${id}-${name}`}
          disabled={submitting || disabled}
          onFieldErrors={(fields) => setErrors((e) => ({ ...e, ...fields }))}
          onFree={refreshSlots}
          onBook={pickAlternative}
        />
      )}

      <Honeypot id={`${id}-website`} label={t('form.honeypot')} value={website} onChange={setWebsite} />

      <button type="submit" className="button button--primary appt-form__submit" disabled={submitting || disabled}>
        {verifying ? t('form.verifying') : submitting ? t('form.submitting') : t('form.submit')}
      </button>
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
    </form>
  );
}
