import { useTranslation } from 'react-i18next';
import './PageLoader.css';

/** Placeholder shown while a lazy page's code is downloaded. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      {t('loading')}
    </div>
  );
}
