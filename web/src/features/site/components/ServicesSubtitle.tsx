import { useTranslation } from 'react-i18next';
import { useServices } from '../hooks/useCatalogue';

/** The services section's subtitle, counting the services the catalogue offers; nothing until they are known. */
export function ServicesSubtitle() {
  const { t } = useTranslation('site');
  const count = useServices('recent').data?.length ?? 0;
  return count > 0 ? <p>{t('home.servicesSubtitle', { count })}</p> : null;
}
