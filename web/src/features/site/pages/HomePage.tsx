import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { Skeleton } from '../../../components/ui/Skeleton';
import { AppointmentForm } from '../../booking';
import { Brands } from '../components/Brands';
import { ContactCards } from '../components/ContactCards';
import { Hero } from '../components/Hero';
import { ProjectCard } from '../components/ProjectCard';
import { ServiceCard } from '../components/ServiceCard';
import { ServicesSubtitle } from '../components/ServicesSubtitle';
import { Stats } from '../components/Stats';
import { useAgency } from '../contact';
import { localBusiness } from '../hooks/structuredData';
import { useProjects, useServices } from '../hooks/useCatalogue';
import { useOrigin, useSeo } from '../hooks/useSeo';
import { useMaintenance } from '../SiteInfo';

/** How many projects the home page shows. */
const HOME_PROJECTS = 6;

/** The home page: hero, services, projects, brands and the appointment section. */
export default function HomePage() {
  const { t } = useTranslation('site');
  const { hash } = useLocation();
  const maintenance = useMaintenance();
  const services = useServices('recent');
  const projects = useProjects();
  const origin = useOrigin();
  const agency = useAgency();

  useSeo({
    title: t('seo.home.title'),
    description: t('seo.home.description'),
    jsonLd: localBusiness(origin, t('seo.siteName'), t('seo.home.description'), agency),
  });

  // The router does not scroll to anchors such as /#projects by itself; wait for the data.
  const ready = !services.loading && !projects.loading;
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, ready]);

  return (
    <>
      <Hero />
      <section className="section" aria-label={t('stats.label')}>
        <Stats />
      </section>

      <section id="services" className="section section--muted" aria-labelledby="services-title">
        <div className="section__head">
          <h2 id="services-title">{t('home.servicesTitle')}</h2>
          <ServicesSubtitle />
        </div>
        {services.loading ? (
          <ul className="grid" aria-busy="true" aria-label={t('services.loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <Skeleton className="card-skeleton" label={null} />
              </li>
            ))}
          </ul>
        ) : services.data?.length ? (
          <ul className="grid">
            {services.data.map((s) => (
              <ServiceCard key={s.slug} service={s} withContact />
            ))}
          </ul>
        ) : (
          <p className="status-text">{t('services.empty')}</p>
        )}
      </section>

      <section id="projects" className="section" aria-labelledby="projects-title">
        <div className="section__head">
          <h2 id="projects-title">{t('home.projectsTitle')}</h2>
          <p>{t('home.projectsSubtitle')}</p>
        </div>
        {projects.loading ? (
          <ul className="grid" aria-busy="true" aria-label={t('projects.loading')}>
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i}>
                <Skeleton className="card-skeleton" label={null} />
              </li>
            ))}
          </ul>
        ) : projects.data?.length ? (
          <ul className="grid">
            {projects.data.slice(0, HOME_PROJECTS).map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </ul>
        ) : (
          <p className="status-text">{t('projects.empty')}</p>
        )}
        <p className="section__more">
          <Link to="/projects" className="button button--ghost with-icon">
            {t('projects.viewAll')}
            <Icon name="ArrowRight" size={16} className="flip-rtl" />
          </Link>
        </p>
      </section>

      <div className="section--muted">
        <Brands />
      </div>

      <section id="appointment" className="section" aria-labelledby="appointment-title">
        <div className="section__head">
          <h2 id="appointment-title">{t('home.appointmentTitle')}</h2>
          <p>{t('home.appointmentSubtitle')}</p>
        </div>
        <div className="appointment-layout">
          <ContactCards />
          <AppointmentForm disabled={maintenance} />
        </div>
      </section>
    </>
  );
}
