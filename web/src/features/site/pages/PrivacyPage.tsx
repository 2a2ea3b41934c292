import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useAgency } from '../contact';
import { useSeo } from '../hooks/useSeo';

/** Number of sections of the privacy policy. */
const SECTIONS = 9;

/** The privacy policy, in nine sections; the first names the agency and, once known, its address. */
export default function PrivacyPage() {
  const { t } = useTranslation('site');
  const agency = useAgency();
  const name = agency?.name || t('seo.siteName');
  useSeo({ title: t('seo.privacy.title'), description: t('seo.privacy.description') });
  return (
    <article className="privacy">
      <Breadcrumbs />
      <header className="page-head">
        <h1>{t('privacy.title')}</h1>
        <p>{t('privacy.updated')}</p>
      </header>
      <div className="prose privacy__body">
        {Array.from({ length: SECTIONS }, (_, i) => (
          <section key={i} aria-labelledby={`privacy-${i + 1}`}>
            <h2 id={`privacy-${i + 1}`}>{t(`privacy.sections.${i}.title`)}</h2>
            <p>{t(`privacy.sections.${i}.text`, { email: agency?.email ?? '', name })}</p>
            {i === 0 && agency?.addressLine && <p>{t('privacy.controllerAddress', { address: agency.addressLine })}</p>}
          </section>
        ))}
      </div>
    </article>
  );
}
