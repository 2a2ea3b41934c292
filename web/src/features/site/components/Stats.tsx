import { useTranslation } from 'react-i18next';
import { useCurrentYear } from '../../../lib/clientValue';
import { useAgency, yearsOfExperience } from '../contact';
import { useServices } from '../hooks/useCatalogue';

/**
 * The headline figures: projects and clients (the agency profile's), the services the
 * catalogue offers and the years since the agency's founding, each shown once known.
 */
export function Stats() {
  const { t } = useTranslation('site');
  const year = useCurrentYear();
  const services = useServices('recent').data?.length ?? 0;
  const agency = useAgency();
  const years = yearsOfExperience(agency?.founded_year, year);
  const projects = agency?.projects_delivered ?? 0;
  const clients = agency?.clients_served ?? 0;
  const items = [
    ...(projects > 0 ? [{ value: `${projects}+`, label: t('stats.projects') }] : []),
    ...(clients > 0 ? [{ value: `${clients}+`, label: t('stats.clients') }] : []),
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
