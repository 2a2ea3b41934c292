import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ContactCards } from '../components/ContactCards';
import { ServiceTiles } from '../components/ServiceTiles';
import { Stats } from '../components/Stats';
import { aboutStory } from '../agencyTexts';
import { useAgency } from '../contact';
import { useSeo } from '../hooks/useSeo';
import './AboutPage.css';

const values: { key: string; icon: IconName }[] = [
  { key: 'quality', icon: 'Award' },
  { key: 'innovation', icon: 'Lightbulb' },
  { key: 'transparency', icon: 'Eye' },
  { key: 'proximity', icon: 'HeartHandshake' },
  { key: 'reliability', icon: 'Shield' },
  { key: 'growth', icon: 'TrendingUp' },
];

const expertise: { key: string; icon: IconName }[] = [
  { key: 'web', icon: 'Code' },
  { key: 'mobile', icon: 'Smartphone' },
  { key: 'ai', icon: 'Bot' },
  { key: 'creative', icon: 'Camera' },
];

const reasons = ['local', 'multilingual', 'turnkey', 'support', 'prices', 'deadlines'];

/** Most services the about page lists. */
const ABOUT_SERVICES = 12;

/** The about page: story, values, expertise, why us, mission and vision, services. */
export default function AboutPage() {
  const { t } = useTranslation('site');
  const agency = useAgency();
  useSeo({ title: t('seo.about.title'), description: t('seo.about.description') });
  return (
    <div className="about">
      <Breadcrumbs />
      <Link to="/" className="button button--ghost with-icon about__back">
        <Icon name="ArrowLeft" size={16} className="flip-rtl" />
        {t('about.back')}
      </Link>
      <header className="page-head about__head">
        <span className="eyebrow">{t('about.badge')}</span>
        <h1>{t('about.title')}</h1>
        <p>{aboutStory(t, agency)}</p>
      </header>

      <section className="section" aria-labelledby="values-title">
        <div className="section__head">
          <h2 id="values-title">{t('about.valuesTitle')}</h2>
        </div>
        <ul className="grid">
          {values.map((v) => (
            <li key={v.key} className="card">
              <span className="card__icon">
                <Icon name={v.icon} />
              </span>
              <h3>{t(`about.values.${v.key}.title`)}</h3>
              <p>{t(`about.values.${v.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--muted" aria-labelledby="expertise-title">
        <div className="section__head">
          <h2 id="expertise-title">{t('about.expertiseTitle')}</h2>
        </div>
        <ul className="grid">
          {expertise.map((e) => (
            <li key={e.key} className="card">
              <span className="card__icon">
                <Icon name={e.icon} />
              </span>
              <h3>{t(`about.expertise.${e.key}.title`)}</h3>
              <p>{t(`about.expertise.${e.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="section__head">
          <h2 id="why-title">{t('about.whyTitle')}</h2>
        </div>
        <ul className="about__why">
          {reasons.map((r) => (
            <li key={r}>
              <Icon name="Check" size={20} />
              <div>
                <h3>{t(`about.why.${r}.title`)}</h3>
                <p>{t(`about.why.${r}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="section about__mission" aria-label={t('about.missionVision')}>
        <article className="card">
          <span className="card__icon">
            <Icon name="Target" />
          </span>
          <h2>{t('about.missionTitle')}</h2>
          <p>{t('about.mission')}</p>
        </article>
        <article className="card">
          <span className="card__icon">
            <Icon name="Eye" />
          </span>
          <h2>{t('about.visionTitle')}</h2>
          <p>{t('about.vision')}</p>
        </article>
      </section>

      <section className="section" aria-labelledby="about-services-title">
        <div className="section__head">
          <h2 id="about-services-title">{t('about.servicesTitle')}</h2>
        </div>
        <ServiceTiles limit={ABOUT_SERVICES} />
      </section>

      <section className="section" aria-label={t('stats.label')}>
        <Stats />
      </section>

      <section className="section" aria-labelledby="about-contact-title">
        <div className="section__head">
          <h2 id="about-contact-title">{t('about.contactTitle')}</h2>
        </div>
        <ContactCards />
      </section>
    </div>
  );
}
