import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { heroBadge } from '../agencyTexts';
import { useAgency } from '../contact';
import './Hero.css';

/** Props of Hero. */
export interface HeroProps {
  /** Where the projects call to action jumps: "#projects" on the home page. */
  projectsHref?: string;
}

/**
 * The hero: title, subtitle and two calls to action over a looping animated
 * background (CSS only: there is no video file to ship, and it costs no bytes).
 */
export function Hero({ projectsHref = '#projects' }: HeroProps) {
  const { t } = useTranslation('site');
  const agency = useAgency();
  return (
    <section className="hero-banner" aria-labelledby="hero-title">
      <div className="hero-banner__backdrop" aria-hidden="true">
        <span className="hero-banner__blob hero-banner__blob--1" />
        <span className="hero-banner__blob hero-banner__blob--2" />
        <span className="hero-banner__blob hero-banner__blob--3" />
        <span className="hero-banner__grid" />
      </div>
      <div className="hero-banner__content">
        <span className="hero-banner__badge">{heroBadge(t, agency)}</span>
        <h1 id="hero-title">{t('hero.title')}</h1>
        <p className="hero-banner__subtitle">{t('hero.subtitle')}</p>
        <div className="hero-banner__actions">
          <a href="#services" className="button button--light">
            {t('hero.ctaServices')}
          </a>
          {projectsHref.startsWith('#') ? (
            <a href={projectsHref} className="button hero-banner__secondary">
              {t('hero.ctaProjects')}
            </a>
          ) : (
            <Link to={projectsHref} className="button hero-banner__secondary">
              {t('hero.ctaProjects')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
