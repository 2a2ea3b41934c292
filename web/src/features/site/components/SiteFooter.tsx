import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { useCurrentYear } from '../../../lib/clientValue';
import { useServices } from '../hooks/useCatalogue';
import { SOCIAL_ICONS, SOCIAL_NAMES, telHref, useAgency } from '../contact';
import { Newsletter } from './Newsletter';
import './SiteFooter.css';

const companyLinks = [
  { to: '/about', key: 'footer.about' },
  { to: '/projects', key: 'footer.projects' },
  { to: '/contact', key: 'footer.contact' },
  { to: '/privacy', key: 'footer.privacy' },
] as const;

/** The public site's footer: newsletter, services, company and social links. */
export function SiteFooter() {
  const { t, i18n } = useTranslation('site');
  const year = useCurrentYear();
  const services = useServices('name');
  const agency = useAgency();
  const lang = i18n.resolvedLanguage ?? i18n.language;

  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__logo">
            {agency?.name ?? t('seo.siteName')}
          </h2>
          {agency && <p>{agency.tagline[lang] || agency.tagline.en || ''}</p>}
          {agency && (
            <p className="site-footer__contact">
              {agency.email && <a href={`mailto:${agency.email}`}>{agency.email}</a>}
              {agency.phones[0] && (
                <a href={telHref(agency.phones[0])} dir="ltr">
                  {agency.phones[0]}
                </a>
              )}
              {agency.mapHref ? (
                <a href={agency.mapHref} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {agency.addressLine}
                </a>
              ) : (
                <span dir="ltr">{agency.addressLine}</span>
              )}
            </p>
          )}
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services">{t('footer.services')}</h2>
          <ul aria-busy={services.loading}>
            {(services.data ?? []).slice(0, 7).map((s) => (
              <li key={s.slug}>
                <Link to={`/services/${s.slug}`}>{s.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">{t('footer.company')}</h2>
          <ul>
            {companyLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">{t('footer.newsletter')}</h2>
          <Newsletter />
          <ul className="site-footer__social" aria-label={t('footer.social')}>
            {(agency?.social ?? []).map((s) => (
              <li key={s.url}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={SOCIAL_NAMES[s.network] ?? s.network}
                  onClick={() => track('social_media_click', { network: s.network, place: 'footer' })}
                >
                  <Icon name={SOCIAL_ICONS[s.network] ?? 'MessageCircle'} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__rights">{t('footer.rights', { year })}</p>
    </footer>
  );
}
