import { useTranslation } from 'react-i18next';
import { useCurrentYear } from '../../../lib/clientValue';
import { yearsOfExperience } from '../contact';

/** Props of Stats. */
export interface StatsProps {
  /** How support is shown: 7/7 on the hero, 24/7 on the about page. */
  support?: '7/7' | '24/7';
}

/** The four headline figures: projects, clients, support and years of experience. */
export function Stats({ support = '7/7' }: StatsProps) {
  const { t } = useTranslation('site');
  const year = useCurrentYear();
  const items = [
    { value: '100+', label: t('stats.projects') },
    { value: '70+', label: t('stats.clients') },
    { value: support, label: t('stats.support') },
    { value: `${yearsOfExperience(year)}+`, label: t('stats.years') },
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
