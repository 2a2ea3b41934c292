import { useTranslation } from 'react-i18next';
import { useMaintenance } from '../SiteInfo';
import './MaintenanceBanner.css';

/** A notice across the top of every page while the site is in maintenance. */
export function MaintenanceBanner() {
  const { t } = useTranslation('site');
  if (!useMaintenance()) return null;
  return (
    <div className="maintenance-banner" role="status">
      <strong>{t('maintenance.title')}</strong> {t('maintenance.text')}
    </div>
  );
}
