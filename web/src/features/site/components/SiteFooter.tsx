import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { useCurrentYear } from '../../../lib/clientValue';
import { useServices } from '../hooks/useCatalogue';
import { ADDRESS_TEXT, CONTACT_EMAIL, PHONE_PRIMARY, SOCIAL_LINKS, telHref } from '../contact';
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
  const { t } = useTranslation('site');
  const year = useCurrentYear();
  const services = useServices('name');

  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__logo">
            Dota
          </h2>
          <p>{t('footer.tagline')}</p>
          <p className="site-footer__contact">
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            <a href={telHref(PHONE_PRIMARY)} dir="ltr">
              {PHONE_PRIMARY}
            </a>
            <span dir="ltr">{ADDRESS_TEXT}</span>
          </p>
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
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={s.name}
                  onClick={() => track('social_media_click', { network: s.name.toLowerCase(), place: 'footer' })}
                >
                  <Icon name={s.icon} size={20} />
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
