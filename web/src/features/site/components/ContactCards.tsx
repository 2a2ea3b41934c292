import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { closedDaysText, hoursText, telHref, useAgency } from '../contact';
import './ContactCards.css';

/** Props of ContactCards. */
export interface ContactCardsProps {
  /** Level of the cards' titles (default 3). */
  level?: HeadingLevel;
}

/** The e-mail, phone and opening-hours cards, from the agency's profile (empty until it is known). */
export function ContactCards({ level = 3 }: ContactCardsProps) {
  const { t, i18n } = useTranslation('site');
  const agency = useAgency();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const closed = agency ? closedDaysText(lang, agency.hours.days) : '';
  const cards: { icon: IconName; title: string; body: ReactNode; note: string }[] = [
    {
      icon: 'Mail',
      title: t('contactCards.email'),
      body: agency?.email ? <a href={`mailto:${agency.email}`}>{agency.email}</a> : null,
      note: t('contactCards.emailNote'),
    },
    {
      icon: 'Phone',
      title: t('contactCards.phone'),
      body: (agency?.phones ?? []).map((phone) => (
        <a key={phone} href={telHref(phone)} dir="ltr">
          {phone}
        </a>
      )),
      note: t('contactCards.phoneNote'),
    },
    {
      icon: 'Clock',
      title: t('contactCards.hours'),
      body: <span>{agency ? hoursText(lang, agency.hours) : ''}</span>,
      note: closed ? t('contactCards.hoursNote', { days: closed }) : '',
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
            {c.note && <p className="contact-card__note">{c.note}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
