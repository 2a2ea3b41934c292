import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { CONTACT_EMAIL, PHONE_PRIMARY, PHONE_SECONDARY, telHref } from '../contact';
import './ContactCards.css';

/** Props of ContactCards. */
export interface ContactCardsProps {
  /** Level of the cards' titles (default 3). */
  level?: HeadingLevel;
}

/** The e-mail, phone and opening-hours cards. */
export function ContactCards({ level = 3 }: ContactCardsProps) {
  const { t } = useTranslation('site');
  const cards: { icon: IconName; title: string; body: ReactNode; note: string }[] = [
    {
      icon: 'Mail',
      title: t('contactCards.email'),
      body: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>,
      note: t('contactCards.emailNote'),
    },
    {
      icon: 'Phone',
      title: t('contactCards.phone'),
      body: (
        <>
          <a href={telHref(PHONE_PRIMARY)} dir="ltr">
            {PHONE_PRIMARY}
          </a>
          <a href={telHref(PHONE_SECONDARY)} dir="ltr">
            {PHONE_SECONDARY}
          </a>
        </>
      ),
      note: t('contactCards.phoneNote'),
    },
    {
      icon: 'Clock',
      title: t('contactCards.hours'),
      body: <span>{t('contactCards.hoursText')}</span>,
      note: t('contactCards.hoursNote'),
    },
  ];
  return (
    <ul className="contact-cards">
      {cards.map((c) => (
        <li key={c.icon} className="contact-card">
          <span className="contact-card__icon">
            <Icon name={c.icon} />
          </span>
          <div>
            <Heading level={level}>{c.title}</Heading>
            <div className="contact-card__body">{c.body}</div>
            <p className="contact-card__note">{c.note}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
