import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ServiceCard } from '../components/ServiceCard';
import { useServices } from '../hooks/useCatalogue';
import { useSeo } from '../hooks/useSeo';

/** Every active service, by name, with a contact call to action. */
export default function ServicesPage() {
  const { t } = useTranslation('site');
  const { data, loading } = useServices('name');
  useSeo({ title: t('seo.services.title'), description: t('seo.services.description') });
  return (
    <>
      <Breadcrumbs />
      <header className="page-head">
        <h1>{t('services.title')}</h1>
        <p>{t('services.subtitle')}</p>
      </header>
      {loading && !data ? (
        <p className="status-text" role="status">
          {t('services.loading')}
        </p>
      ) : data?.length ? (
        <ul className="grid">
          {data.map((s) => (
            <ServiceCard key={s.slug} service={s} level={2} />
          ))}
        </ul>
      ) : (
        <p className="status-text">{t('services.empty')}</p>
      )}
      {/* After the list, so that it does not jump down when the list arrives. */}
      {!loading && (
        <section className="cta" aria-labelledby="services-cta">
        <h2 id="services-cta">{t('services.ctaTitle')}</h2>
        <p>{t('services.ctaText')}</p>
        <Link to="/contact" className="button button--light">
            {t('services.ctaButton')}
          </Link>
        </section>
      )}
    </>
  );
}
