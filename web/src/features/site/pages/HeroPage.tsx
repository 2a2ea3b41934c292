import { useTranslation } from 'react-i18next';
import { Hero } from '../components/Hero';
import { ServicesSubtitle } from '../components/ServicesSubtitle';
import { ServiceTiles } from '../components/ServiceTiles';
import { Stats } from '../components/Stats';
import { useSeo } from '../hooks/useSeo';

/** Most services the hero page shows. */
const HERO_TILES = 6;

/** The hero landing page: hero, six newest services, the four figures. */
export default function HeroPage() {
  const { t } = useTranslation('site');
  useSeo({ title: t('seo.hero.title'), description: t('seo.hero.description') });
  return (
    <>
      <Hero projectsHref="/#projects" />
      <section id="services" className="section" aria-labelledby="tiles-title">
        <div className="section__head">
          <h2 id="tiles-title">{t('home.servicesTitle')}</h2>
          <ServicesSubtitle />
        </div>
        <ServiceTiles limit={HERO_TILES} />
      </section>
      <section className="section" aria-label={t('stats.label')}>
        <Stats />
      </section>
    </>
  );
}
