import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any other path under /admin. */
export default function NotFoundPage() {
  const { t } = useTranslation('console');
  return (
    <section className="page not-found-page">
      <h1>{t('notFound.title')}</h1>
      <Link to="/" className="btn btn--primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
