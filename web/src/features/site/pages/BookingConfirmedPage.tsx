import { useTranslation } from 'react-i18next';
import { useVisitorTime } from '../../../lib/visitorTime';
import { Link, useLocation, useParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import {
  agencyOffset,
  calendarHref,
  formatDay,
  formatInstant,
  formatTime,
  statusKey,
  useManagedAppointment,
} from '../../booking/manage';
import { useSeo } from '../hooks/useSeo';
import './BookingConfirmedPage.css';

/** What the form hands the page as it opens it: the e-mail the confirmation went to. */
export interface BookingConfirmedState {
  email?: string;
  confirmationEmail?: boolean;
}

/**
 * /rendez-vous/confirmation/:token, where the form's visitor lands once booked: what was
 * booked, where the confirmation went, the calendar file, the manage link's actions and
 * what happens next. The token is the manage link's (a secret): drawn in the browser only,
 * not indexed, and the head names the form's address, never the token.
 */
export default function BookingConfirmedPage() {
  const { t, i18n } = useTranslation('confirmed');
  const { token } = useParams();
  const sent = (useLocation().state ?? {}) as BookingConfirmedState;
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const visitorTime = useVisitorTime(lang);
  useSeo({ title: t('seo.title'), description: t('seo.description'), noindex: true, path: '/rendez-vous', pageView: false });
  const { state, reload } = useManagedAppointment(token);

  if (state.kind === 'loading') {
    return (
      <p className="status-text" role="status">
        {t('loading')}
      </p>
    );
  }
  if (state.kind !== 'ready') {
    return (
      <section className="booking-confirmed" aria-labelledby="confirmed-title">
        <header className="page-head">
          <h1 id="confirmed-title">{t('title')}</h1>
        </header>
        <div role="alert">
          <p>{state.kind === 'invalid' ? t('unreadable') : t('loadFailed')}</p>
          {state.kind === 'failed' && (
            <button type="button" className="button button--primary" onClick={reload}>
              {t('retry')}
            </button>
          )}
        </div>
      </section>
    );
  }

  const a = state.appointment;
  const manage = `/manage/${token ?? ''}`;
  const deadline = formatInstant(a.notice_until ?? null, lang, agencyOffset(a));
  return (
    <section className="booking-confirmed" aria-labelledby="confirmed-title">
      <header className="page-head">
        <span className="booking-confirmed__icon" aria-hidden="true">
          <Icon name="Check" size={28} />
        </span>
        <h1 id="confirmed-title">{t('title')}</h1>
        <p>{t(`status.${statusKey(a.status)}`)}</p>
      </header>

      <dl className="booking-confirmed__details">
        <div>
          <dt>{t('service')}</dt>
          <dd>{a.service || t('serviceToBeSet')}</dd>
        </div>
        <div>
          <dt>{t('date')}</dt>
          <dd>{formatDay(a.date, lang)}</dd>
        </div>
        <div>
          <dt>{t('time')}</dt>
          <dd>
            <bdi dir="ltr">{formatTime(a.time, lang)}</bdi>
            {a.time && visitorTime(a.date, a.time) && ` · ${t('yourTime', { ns: 'common', time: visitorTime(a.date, a.time) })}`}
          </dd>
        </div>
      </dl>

      <p className="booking-confirmed__email">
        {sent.confirmationEmail && sent.email ? t('emailSent', { email: sent.email }) : t('emailLater')}
      </p>

      <div className="booking-confirmed__actions">
        {sent.email !== '' && (
          // The calendar file names its attendee by e-mail: a booking without one has none.
          <a className="button button--primary with-icon" href={calendarHref(token ?? '')} download="rendez-vous.ics">
            <Icon name="Calendar" size={18} />
            {t('addToCalendar')}
          </a>
        )}
        {a.can_reschedule && (
          <Link className="button button--ghost" to={manage}>
            {t('move')}
          </Link>
        )}
        {a.can_cancel && (
          <Link className="button button--ghost" to={manage}>
            {t('cancel')}
          </Link>
        )}
      </div>

      <section aria-labelledby="confirmed-next">
        <h2 id="confirmed-next">{t('next.title')}</h2>
        <ol className="booking-confirmed__next">
          {a.status === 'pending' && <li>{t('next.review')}</li>}
          {a.status === 'pending' && <li>{t('next.confirmed')}</li>}
          {deadline && <li>{t('next.change', { deadline })}</li>}
        </ol>
      </section>
    </section>
  );
}
