import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import type { Service } from '../api/catalogue';
import { TagList } from './TagList';

/** Props of ServiceCard. */
export interface ServiceCardProps {
  service: Service;
  /** Adds the get-in-touch button to the home page's appointment section. */
  withContact?: boolean;
  /** Level of the service's name (default 3). */
  level?: HeadingLevel;
}

/** A service as a card: icon, name, description, three tags and a +N, learn more. */
export function ServiceCard({ service, withContact, level = 3 }: ServiceCardProps) {
  const { t } = useTranslation('site');
  return (
    <li className="card service-card">
      <span className="card__icon">
        <Icon name={service.icon} />
      </span>
      <Heading level={level}>{service.name}</Heading>
      <p>{service.description}</p>
      <TagList items={service.tags} />
      <div className="card__actions">
        <Link
          to={`/services/${service.slug}`}
          className="button button--primary with-icon"
          aria-label={t('services.learnMoreAbout', { name: service.name })}
        >
          {t('services.learnMore')}
          <Icon name="ArrowRight" size={16} className="flip-rtl" />
        </Link>
        {withContact && (
          <Link
            to="/#appointment"
            className="button button--ghost"
            aria-label={t('services.getInTouchAbout', { name: service.name })}
            onClick={() => track('service_inquiry', { service: service.slug, place: 'home' })}
          >
            {t('services.getInTouch')}
          </Link>
        )}
      </div>
    </li>
  );
}
