import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/LanguageSwitcher';
import { useUiStore } from '../../../stores/ui';
import './SiteHeader.css';

const links = [
  { to: '/services', key: 'nav.services' },
  { to: '/#projects', key: 'nav.projects' },
  { to: '/about', key: 'nav.about' },
  { to: '/contact', key: 'nav.contact' },
  { to: '/rendez-vous', key: 'nav.appointment' },
] as const;

/** The public site's header: logo, navigation, language switcher, booking button. */
export function SiteHeader() {
  const { t } = useTranslation();
  const menuOpen = useUiStore((state) => state.menuOpen);
  const toggleMenu = useUiStore((state) => state.toggleMenu);
  const closeMenu = useUiStore((state) => state.closeMenu);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" aria-label={t('nav.home')} onClick={closeMenu}>
          {t('brand')}
        </Link>
        <nav id="site-nav" className="site-nav" data-open={menuOpen || undefined} aria-label={t('nav.label')}>
          <ul className="site-nav__links">
            {links.map((link) => (
              <li key={link.to}>
                {/* An anchor on the home page is never the "current" page. */}
                {link.to.includes('#') ? (
                  <Link to={link.to} className="site-nav__link" onClick={closeMenu}>
                    {t(link.key)}
                  </Link>
                ) : (
                  <NavLink to={link.to} className="site-nav__link" onClick={closeMenu}>
                    {t(link.key)}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
          <div className="site-nav__mobile-lang">
            <LanguageSwitcher variant="buttons" onChange={closeMenu} />
          </div>
        </nav>
        <div className="site-header__actions">
          <LanguageSwitcher />
          <Link to="/contact" className="button button--primary site-header__book" onClick={closeMenu}>
            {t('nav.book')}
          </Link>
          <button
            type="button"
            className="site-header__menu-toggle"
            aria-controls="site-nav"
            aria-expanded={menuOpen}
            aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={toggleMenu}
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
