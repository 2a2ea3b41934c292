import { useTranslation } from 'react-i18next';
import { useCurrentYear } from '../../../lib/clientValue';
import { useAgency, yearsOfExperience } from '../contact';
import { useServices } from '../hooks/useCatalogue';

/**
 * The headline figures: projects, clients, the services the catalogue offers and the
 * years since the agency's founding (each counted from its data, shown once known).
 */
export function Stats() {
  const { t } = useTranslation('site');
  const year = useCurrentYear();
  const services = useServices('recent').data?.length ?? 0;
  const years = yearsOfExperience(useAgency()?.founded_year, year);
  const items = [
    { value: '100+', label: t('stats.projects') },
    { value: '70+', label: t('stats.clients') },
    ...(services > 0 ? [{ value: String(services), label: t('stats.services') }] : []),
    ...(years > 0 ? [{ value: `${years}+`, label: t('stats.years') }] : []),
  ];
  return (
    <ul className="stats">
      {items.map((s) => (
        <li key={s.label}>
          <strong dir="ltr">{s.value}</strong>
          <span>{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
