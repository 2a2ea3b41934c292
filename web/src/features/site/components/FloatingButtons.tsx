import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { MAP_HREF, PHONE_PRIMARY, WHATSAPP_HREF, telHref } from '../contact';
import './FloatingButtons.css';

/** Round buttons on the page's edge: messaging (WhatsApp), phone and map. */
export function FloatingButtons() {
  const { t } = useTranslation('site');
  return (
    <ul className="floating-buttons" aria-label={t('floating.label')}>
      <li>
        <a
          className="floating-button floating-button--whatsapp"
          href={WHATSAPP_HREF}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('floating.message')}
          title={t('floating.message')}
          onClick={() => track('social_media_click', { network: 'whatsapp', place: 'floating' })}
        >
          <Icon name="MessageCircle" size={20} />
        </a>
      </li>
      <li>
        <a
          className="floating-button floating-button--phone"
          href={telHref(PHONE_PRIMARY)}
          aria-label={t('floating.call')}
          title={t('floating.call')}
        >
          <Icon name="Phone" size={20} />
        </a>
      </li>
      <li>
        <a
          className="floating-button floating-button--map"
          href={MAP_HREF}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('floating.map')}
          title={t('floating.map')}
        >
          <Icon name="MapPin" size={20} />
        </a>
      </li>
    </ul>
  );
}
