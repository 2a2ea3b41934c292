import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { sentService, type QA, type Service } from '../api/catalogue';
import { useAgency } from '../contact';
import { Faq } from '../components/Faq';
import { ProjectCard } from '../components/ProjectCard';
import { ServiceSummary } from '../components/ServiceSummary';
import { placeholder, useTemplateMode } from '../components/Template';
import { useService, useServiceProjects } from '../hooks/useCatalogue';
import { useOrigin, useSeo } from '../hooks/useSeo';
import { serviceSchema } from '../hooks/structuredData';
import './ServiceDetailPage.css';

/**
 * The service the page's template is drawn with (components/Template.tsx): each value is
 * the placeholder of a field the server fills in (pages/service.go).
 */
function templateService(slug: string): Service {
  return {
    id: '',
    slug,
    name: placeholder('Name'),
    description: placeholder('Description'),
    icon: placeholder('Icon'),
    category: placeholder('Category'),
    tags: [placeholder('Tags')],
    details: '',
    details_blocks: [placeholder('Intro'), placeholder('Features')],
    qa: [],
    is_active: true,
    created_at: '',
    modes: ['office'],
    default_mode: 'office',
    questions: [],
  };
}

/** One service: details, FAQ, projects that use it, and a contact call to action. */
export default function ServiceDetailPage() {
  const { t, i18n } = useTranslation('site');
  const { serviceSlug = '' } = useParams();
  const lang = i18n.resolvedLanguage;
  const origin = useOrigin();
  const agency = useAgency();
  const template = useTemplateMode();
  // The page the server sent may already show the service: the server fills in the
  // template this page draws (pages/service.go).
  const [sent] = useState(() => template || sentService(serviceSlug, lang) !== undefined);
  const fetched = useService(serviceSlug);
  const { data: service, loading } = template ? { data: templateService(serviceSlug), loading: false } : fetched;
  // The server draws the top of the page only: the rest comes once the app has taken it over.
  const [whole, setWhole] = useState(!sent);
  useEffect(() => setWhole(true), []);
  const projects = useServiceProjects(serviceSlug);

  useSeo({
    title: service?.name ?? t('seo.services.title'),
    description: service?.description ?? t('seo.services.description'),
    // A template's values are escaped for HTML, not for JSON: the app writes the structured data.
    jsonLd: service && !template ? serviceSchema(origin, service, agency) : undefined,
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

  if (!whole) {
    return (
      <article className="service">
        <ServiceSummary service={service} />
        {/* Where the rest goes: when it comes into view, the app starts (app/wake.ts). */}
        <div className="service__rest" aria-busy="true" />
      </article>
    );
  }

  const defaults = t('service.defaultFaq', { returnObjects: true }) as QA[];
  const faq = service.qa.length > 0 ? service.qa : defaults;

  return (
    <article className="service">
      <ServiceSummary service={service} />

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
