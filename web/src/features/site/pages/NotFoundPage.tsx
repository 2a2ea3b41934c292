import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSeo } from '../hooks/useSeo';
import './NotFoundPage.css';

/** Shown for any path no route matches. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useSeo({ title: t('notFound.title'), description: t('notFound.text'), noindex: true });
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
