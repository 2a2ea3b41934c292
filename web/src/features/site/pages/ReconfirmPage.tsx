import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDay, formatTime, useReconfirmation } from '../../booking/manage';
import { LoadFailed } from '../components/LoadFailed';
import { useSeo } from '../hooks/useSeo';
import './ManagePage.css';

/**
 * /reconfirm/:token, the reminder's "I'll be there": the visit records that the customer
 * will come (once, however often the link is followed) and says it is noted, with the
 * way back to the appointment should plans change. Its address is a secret, as the
 * manage page's is: drawn in the browser only, not indexed, no page view to any tag.
 */
export default function ReconfirmPage() {
  const { t, i18n } = useTranslation('manage');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { token } = useParams();
  useSeo({ title: t('reconfirm.seo'), description: t('seo.description'), noindex: true, path: '/reconfirm', pageView: false });
  const { state, reload } = useReconfirmation(token);
  const manage = `/manage/${encodeURIComponent(token ?? '')}`;

  if (state.kind === 'loading') {
    return (
      <p className="status-text" role="status">
        {t('reconfirm.loading')}
      </p>
    );
  }

  if (state.kind === 'invalid' || state.kind === 'gone') {
    return (
      <section className="manage-page manage-page--invalid" aria-labelledby="reconfirm-title">
        <header className="page-head">
          <h1 id="reconfirm-title">{state.kind === 'gone' ? t('reconfirm.goneTitle') : t('invalid.title')}</h1>
          <p data-testid="reconfirm-result">{state.kind === 'gone' ? state.message : t('invalid.text')}</p>
        </header>
        <p>
          <Link to="/rendez-vous" className="button button--primary">
            {t('invalid.book')}
          </Link>
        </p>
      </section>
    );
  }

  if (state.kind === 'failed') {
    return <LoadFailed id="reconfirm-title" title={t('reconfirm.title')} text={t('reconfirm.failed')} error={state.error} retry={reload} />;
  }

  const { appointment, already } = state.reconfirmation;
  const date = formatDay(appointment.date, lang);
  const time = formatTime(appointment.time, lang);
  return (
    <section className="manage-page" aria-labelledby="reconfirm-title">
      <header className="page-head">
        <h1 id="reconfirm-title">{t('reconfirm.title')}</h1>
        <p role="status" data-testid="reconfirm-result">
          {already ? t('reconfirm.already', { date, time }) : t('reconfirm.noted', { date, time })}
        </p>
      </header>
      {appointment.service && <p>{appointment.service}</p>}
      <p>{t('reconfirm.changed')}</p>
      <div className="manage-actions">
        <Link to={manage} className="button button--ghost">
          {t('reconfirm.manage')}
        </Link>
        <Link to={`${manage}?action=cancel`} className="button button--ghost">
          {t('reconfirm.cannotCome')}
        </Link>
      </div>
    </section>
  );
}
