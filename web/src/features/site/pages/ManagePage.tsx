import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { ManageAppointment, useManagedAppointment } from '../../booking/manage';
import { ContactCards } from '../components/ContactCards';
import { LoadFailed } from '../components/LoadFailed';
import { hoursText, telHref, useAgency } from '../contact';
import { useSeo } from '../hooks/useSeo';
import './ManagePage.css';

/** The agency's phones and e-mail, in a line or two, where the page cannot help. */
function AgencyContact() {
  const { t, i18n } = useTranslation('site');
  // The agency's profile, which its e-mails give too.
  const agency = useAgency();
  if (!agency) return null;
  const email = agency.email;
  return (
    <ul className="agency-contact">
      <li>
        <Icon name="Phone" size={18} />
        <span className="visually-hidden">{t('contactCards.phone')}: </span>
        {agency.phones.map((phone) => (
          <a key={phone} href={telHref(phone)} dir="ltr">
            {phone}
          </a>
        ))}
        <span className="agency-contact__note">{hoursText(i18n.resolvedLanguage ?? i18n.language, agency.hours)}</span>
      </li>
      <li>
        <Icon name="Mail" size={18} />
        <span className="visually-hidden">{t('contactCards.email')}: </span>
        <a href={`mailto:${email}`}>{email}</a>
        <span className="agency-contact__note">{t('contactCards.emailNote')}</span>
      </li>
    </ul>
  );
}

/**
 * /manage/:token, the page of the link in every e-mail about an appointment: the
 * customer sees it, cancels it or moves it. Its address is a secret: drawn in the
 * browser only (never prerendered), not indexed, no page view to any tag, and the head
 * names /manage, never the token.
 */
export default function ManagePage() {
  const { t } = useTranslation('manage');
  const { token } = useParams();
  // ?action=cancel: the reminder's "I can't come".
  const [search] = useSearchParams();
  const intent = search.get('action') === 'cancel' ? 'cancel' : undefined;
  useSeo({ title: t('seo.title'), description: t('seo.description'), noindex: true, path: '/manage', pageView: false });
  const { state, reload, replace } = useManagedAppointment(token);

  if (state.kind === 'loading') {
    return (
      <p className="status-text" role="status">
        {t('page.loading')}
      </p>
    );
  }

  if (state.kind === 'invalid') {
    return (
      <section className="manage-page manage-page--invalid" aria-labelledby="manage-title">
        <header className="page-head">
          <h1 id="manage-title">{t('invalid.title')}</h1>
          <p>{t('invalid.text')}</p>
        </header>
        <p>{t('invalid.contact')}</p>
        <AgencyContact />
        <p>
          <Link to="/rendez-vous" className="button button--primary">
            {t('invalid.book')}
          </Link>
        </p>
      </section>
    );
  }

  if (state.kind === 'failed') {
    return (
      <LoadFailed id="manage-title" title={t('page.title')} text={t('page.loadFailed')} error={state.error} retry={reload}>
        <AgencyContact />
      </LoadFailed>
    );
  }

  return (
    <section className="manage-page" aria-labelledby="manage-title">
      <header className="page-head">
        <h1 id="manage-title">{t('page.title')}</h1>
        <p>{t('page.subtitle')}</p>
      </header>
      <ManageAppointment
        token={token ?? ''}
        appointment={state.appointment}
        onChange={replace}
        onStale={reload}
        contact={<AgencyContact />}
        intent={intent}
      />
      <section className="section manage-page__contact" aria-labelledby="manage-contact-title">
        <h2 id="manage-contact-title">{t('page.contactTitle')}</h2>
        <ContactCards level={3} />
      </section>
    </section>
  );
}
