import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import './HomePage.css';

/** Home page (scaffold: the hero and sections come with the public-site work). */
export default function HomePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();

  // The router does not scroll to anchors such as /#projects by itself.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p className="hero__subtitle">{t('home.subtitle')}</p>
        <Link to="/contact" className="button button--primary">
          {t('nav.book')}
        </Link>
      </section>
      <section id="projects" className="home-section">
        <h2>{t('home.projectsTitle')}</h2>
        <p>{t('home.projectsSoon')}</p>
      </section>
    </>
  );
}
