import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { OfferPanel, useWaitlistOffer } from '../../booking/offer';
import { useSeo } from '../hooks/useSeo';
import './WaitlistOfferPage.css';

/** A closed door: a title, why (the result of the link, for a closed offer), and a way to book another slot. */
function Closed({ title, text, result }: { title: string; text: string; result?: boolean }) {
  const { t } = useTranslation('waitlist');
  return (
    <section className="offer-page" aria-labelledby="offer-title">
      <header className="page-head">
        <h1 id="offer-title">{title}</h1>
        <p data-testid={result ? 'offer-result' : undefined}>{text}</p>
      </header>
      <p>
        <Link to="/rendez-vous" className="button button--primary">
          {t('page.book')}
        </Link>
      </p>
    </section>
  );
}

/**
 * /waitlist/offers/:token, the page of the link in a waitlist offer's e-mail: a place
 * freed up in the slot the person waited for, held for them until they accept or decline
 * it. Its address is a secret: drawn in the browser only (never prerendered), not
 * indexed, no page view to any tag, and the head never names the token.
 */
export default function WaitlistOfferPage() {
  const { t } = useTranslation('waitlist');
  const { token } = useParams();
  useSeo({ title: t('seo.title'), description: t('seo.description'), noindex: true, path: '/waitlist/offers', pageView: false });
  const { state, reload, replace } = useWaitlistOffer(token);

  if (state.kind === 'loading') {
    return (
      <p className="status-text" role="status">
        {t('page.loading')}
      </p>
    );
  }
  if (state.kind === 'invalid') return <Closed title={t('invalid.title')} text={t('invalid.text')} />;
  if (state.kind === 'gone') return <Closed title={t('gone.title')} text={t('result.gone')} result />;

  if (state.kind === 'failed') {
    const limited = state.error instanceof ApiError && state.error.code === 'rate_limited' ? state.error : null;
    return (
      <section className="offer-page" aria-labelledby="offer-title">
        <header className="page-head">
          <h1 id="offer-title">{t('page.title')}</h1>
        </header>
        <div className="offer-page__failed" role="alert">
          <p>{limited ? limited.message || t('errors.rateLimited') : t('page.loadFailed')}</p>
          <button type="button" className="button button--primary" onClick={reload}>
            {t('page.retry')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="offer-page" aria-labelledby="offer-title">
      <header className="page-head">
        <h1 id="offer-title">{t('page.title')}</h1>
        <p>{t('page.subtitle')}</p>
      </header>
      <OfferPanel token={token ?? ''} offer={state.offer} onChange={replace} onExpired={reload} />
    </section>
  );
}
