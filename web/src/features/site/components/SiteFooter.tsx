import { useTranslation } from 'react-i18next';
import './SiteFooter.css';

/** The public site's footer (newsletter and links come with the site pages). */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
