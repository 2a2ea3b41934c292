import { Icon, SERVICE_ICONS } from '../../../components/ui/Icon';
import type { Service } from '../api/catalogue';
import { Breadcrumbs } from './Breadcrumbs';
import { Choose, Each, When } from './Template';

/** Props of ServiceSummary. */
export interface ServiceSummaryProps {
  service: Service;
}

/**
 * The top of a service's page: the trail, the service's name, description and tags,
 * and its details. The server sends it filled in (pages/service.go), from the template
 * the prerenderer draws with this component (Template.tsx), and the app takes it over.
 */
export function ServiceSummary({ service }: ServiceSummaryProps) {
  const [intro, features] = service.details_blocks;
  return (
    <>
      <Breadcrumbs current={service.name} />
      <header className="page-head service__head">
        <span className="service__icon">
          <Choose value={service.icon} among={SERVICE_ICONS}>
            {(name) => <Icon name={name} size={32} />}
          </Choose>
        </span>
        <div>
          <When value={service.category}>
            <span className="eyebrow">{service.category}</span>
          </When>
          <h1>{service.name}</h1>
          <p>{service.description}</p>
          <When value={service.tags}>
            <ul className="tags">
              <Each items={service.tags}>
                {(tag) => (
                  <li key={tag} className="tag">
                    {tag}
                  </li>
                )}
              </Each>
            </ul>
          </When>
        </div>
      </header>

      {/* Shown when either has something (in a template, both are placeholders). */}
      <When value={[intro, features].filter(Boolean)}>
        <div className="service__details">
          {/* The server sanitizes the details HTML (allow-list) before it leaves. */}
          <When value={intro}>
            <div className="service__block prose" dangerouslySetInnerHTML={{ __html: intro }} />
          </When>
          <When value={features}>
            <div className="service__block service__block--features prose" dangerouslySetInnerHTML={{ __html: features }} />
          </When>
        </div>
      </When>
    </>
  );
}
