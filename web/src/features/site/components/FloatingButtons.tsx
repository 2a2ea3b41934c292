import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { telHref, useAgency } from '../contact';
import './FloatingButtons.css';

/** Round buttons on the page's edge: messaging (WhatsApp), phone and map, each where the agency's profile has it. */
export function FloatingButtons() {
  const { t } = useTranslation('site');
  const agency = useAgency();
  if (!agency) return null;
  const phone = agency.phones[0];
  return (
    <ul className="floating-buttons" aria-label={t('floating.label')}>
      {agency.whatsappHref && (
        <li>
          <a
            className="floating-button floating-button--whatsapp"
            href={agency.whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('floating.message')}
            title={t('floating.message')}
            onClick={() => track('social_media_click', { network: 'whatsapp', place: 'floating' })}
          >
            <Icon name="MessageCircle" size={20} />
          </a>
        </li>
      )}
      {phone && (
        <li>
          <a className="floating-button floating-button--phone" href={telHref(phone)} aria-label={t('floating.call')} title={t('floating.call')}>
            <Icon name="Phone" size={20} />
          </a>
        </li>
      )}
      {agency.mapHref && (
        <li>
          <a
            className="floating-button floating-button--map"
            href={agency.mapHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('floating.map')}
            title={t('floating.map')}
          >
            <Icon name="MapPin" size={20} />
          </a>
        </li>
      )}
    </ul>
  );
}
