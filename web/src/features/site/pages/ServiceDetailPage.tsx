import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { useResource } from '../../../lib/useResource';
import { getService, listServiceProjects, type QA } from '../api/catalogue';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Faq } from '../components/Faq';
import { ProjectCard } from '../components/ProjectCard';
import { TagList } from '../components/TagList';
import { useOrigin, useSeo } from '../hooks/useSeo';
import { serviceSchema } from '../hooks/structuredData';
import './ServiceDetailPage.css';

/** One service: details, FAQ, projects that use it, and a contact call to action. */
export default function ServiceDetailPage() {
  const { t, i18n } = useTranslation('site');
  const { serviceSlug = '' } = useParams();
  const lang = i18n.resolvedLanguage;
  const origin = useOrigin();
  const { data: service, loading } = useResource((signal) => getService(serviceSlug, signal), [serviceSlug, lang]);
  const projects = useResource(
    (signal) => listServiceProjects(serviceSlug, signal).catch(() => []),
    [serviceSlug],
  );

  useSeo({
    title: service?.name ?? t('seo.services.title'),
    description: service?.description ?? t('seo.services.description'),
    jsonLd: service ? serviceSchema(origin, service) : undefined,
    noindex: !loading && !service,
  });

  if (loading && !service) {
    return (
      <p className="status-text" role="status">
        {t('service.loading')}
      </p>
    );
  }
  if (!service) {
    return (
      <div className="status-text">
        <h1>{t('service.notFound')}</h1>
        <Link to="/services" className="button button--primary">
          {t('service.back')}
        </Link>
      </div>
    );
  }

  const defaults = t('service.defaultFaq', { returnObjects: true }) as QA[];
  const faq = service.qa.length > 0 ? service.qa : defaults;
  const [intro, features] = service.details_blocks;

  return (
    <article className="service">
      <Breadcrumbs current={service.name} />
      <header className="page-head service__head">
        <span className="service__icon">
          <Icon name={service.icon} size={32} />
        </span>
        <div>
          {service.category && <span className="eyebrow">{service.category}</span>}
          <h1>{service.name}</h1>
          <p>{service.description}</p>
          <TagList items={service.tags} all />
        </div>
      </header>

      {(intro || features) && (
        <div className="service__details">
          {/* The server sanitizes the details HTML (allow-list) before it leaves. */}
          {intro && <div className="service__block prose" dangerouslySetInnerHTML={{ __html: intro }} />}
          {features && (
            <div className="service__block service__block--features prose" dangerouslySetInnerHTML={{ __html: features }} />
          )}
        </div>
      )}

      <section className="section" aria-labelledby="service-about">
        <h2 id="service-about">{t('service.about')}</h2>
        <p className="service__about">{t('service.aboutText', { name: service.name })}</p>
      </section>

      <section className="section" aria-labelledby="service-faq">
        <h2 id="service-faq">{t('service.faq')}</h2>
        <Faq items={faq} />
      </section>

      <section className="section" aria-labelledby="service-projects">
        <h2 id="service-projects">{t('service.projects')}</h2>
        {projects.loading ? null : projects.data?.length ? (
          <ul className="grid">
            {projects.data.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </ul>
        ) : (
          <p className="project__none">{t('service.noProjects')}</p>
        )}
      </section>

      <section className="cta" aria-labelledby="service-cta">
        <h2 id="service-cta">{t('service.ctaTitle', { name: service.name })}</h2>
        <p>{t('service.ctaText')}</p>
        <Link
          to="/contact"
          className="button button--light"
          onClick={() => track('service_inquiry', { service: service.slug, place: 'service_page' })}
        >
          {t('service.ctaButton')}
        </Link>
      </section>

      <p className="section__more">
        <Link to="/services" className="button button--ghost with-icon">
          <Icon name="ArrowLeft" size={16} className="flip-rtl" />
          {t('service.back')}
        </Link>
      </p>
    </article>
  );
}
