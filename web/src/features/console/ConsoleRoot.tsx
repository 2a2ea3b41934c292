import { useTranslation } from 'react-i18next';
import './ConsoleRoot.css';

/**
 * Entry of the admin console under /admin/*. It is a separate chunk, so the
 * public site never downloads it; sign-in, menu and pages come with the console work.
 */
export default function ConsoleRoot() {
  const { t } = useTranslation();
  return (
    <main className="console">
      <h1>{t('console.title')}</h1>
      <p>{t('console.loading')}</p>
    </main>
  );
}
