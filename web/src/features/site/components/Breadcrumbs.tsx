import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import './Breadcrumbs.css';

const labels: Record<string, string> = {
  services: 'crumbs.services',
  projects: 'crumbs.projects',
  about: 'crumbs.about',
  contact: 'crumbs.contact',
  'rendez-vous': 'crumbs.appointment',
  privacy: 'crumbs.privacy',
  hero: 'crumbs.hero',
};

/** Props of Breadcrumbs. */
export interface BreadcrumbsProps {
  /** Label of the last segment when it is an id or a slug (a service's name). */
  current?: string;
}

/** The trail from home to the current page, built from the path. */
export function Breadcrumbs({ current }: BreadcrumbsProps) {
  const { t } = useTranslation('site');
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  const crumbs = segments.map((segment, i) => {
    const to = '/' + segments.slice(0, i + 1).join('/');
    const last = i === segments.length - 1;
    const key = labels[segment];
    const label = key ? t(key) : last && current ? current : decodeURIComponent(segment);
    return { to, label, last };
  });
  return (
    <nav className="breadcrumbs" aria-label={t('crumbs.label')}>
      <ol>
        <li>
          <Link to="/">{t('crumbs.home')}</Link>
        </li>
        {crumbs.map((c) => (
          <li key={c.to}>
            {c.last ? <span aria-current="page">{c.label}</span> : <Link to={c.to}>{c.label}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
