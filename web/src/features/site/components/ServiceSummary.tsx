import { Icon } from '../../../components/ui/Icon';
import type { Service } from '../api/catalogue';
import { Breadcrumbs } from './Breadcrumbs';
import { TagList } from './TagList';

/** Props of ServiceSummary. */
export interface ServiceSummaryProps {
  service: Service;
}

/**
 * The top of a service's page: the trail, the service's name, description and tags,
 * and its details. The server draws the same markup into the page it sends
 * (api/service_page.go), which the app then takes over: the two change together.
 */
export function ServiceSummary({ service }: ServiceSummaryProps) {
  const [intro, features] = service.details_blocks;
  return (
    <>
      <Breadcrumbs current={service.name} />
      <header className="page-head service__head">
        <span className="service__icon">
          <Icon name={service.icon} size={32} />
        </span>
        <div>
          {service.category && <span className="eyebrow">{service.category}</span>}
          <h1>{service.name}</h1>
          <p>{service.description}</p>
          <TagList items={service.tags} all />
        </div>
      </header>

      {(intro || features) && (
        <div className="service__details">
          {/* The server sanitizes the details HTML (allow-list) before it leaves. */}
          {intro && <div className="service__block prose" dangerouslySetInnerHTML={{ __html: intro }} />}
          {features && (
            <div className="service__block service__block--features prose" dangerouslySetInnerHTML={{ __html: features }} />
          )}
        </div>
      )}
    </>
  );
}
