import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useServices } from '../hooks/useCatalogue';
import './ServiceTiles.css';

/** Props of ServiceTiles. */
export interface ServiceTilesProps {
  /** How many services at most: 6 on the hero, 12 on the about page. */
  limit: number;
}

/** Compact tiles of the newest active services, each opening its page. */
export function ServiceTiles({ limit }: ServiceTilesProps) {
  const { t } = useTranslation('site');
  const { data, loading } = useServices('recent', limit);
  if (loading && !data) {
    return (
      <ul className="service-tiles" aria-busy="true" aria-label={t('services.loading')}>
        {Array.from({ length: Math.min(limit, 6) }, (_, i) => (
          <li key={i}>
            <Skeleton className="service-tile__skeleton" label={null} />
          </li>
        ))}
      </ul>
    );
  }
  const services = (data ?? []).slice(0, limit);
  if (services.length === 0) return <p className="status-text">{t('services.empty')}</p>;
  return (
    <ul className="service-tiles">
      {services.map((s) => (
        <li key={s.slug}>
          <Link to={`/services/${s.slug}`} className="service-tile">
            <span className="service-tile__icon">
              <Icon name={s.icon} />
            </span>
            <span className="service-tile__name">{s.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
