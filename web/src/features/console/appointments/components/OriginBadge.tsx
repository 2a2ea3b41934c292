import { useTranslation } from 'react-i18next';

/** Props of OriginBadge. */
export interface OriginBadgeProps {
  /** The visit's source as stored (`facebook`, `linkedin.com`, `direct`); absent for an older appointment. */
  source?: string;
  campaign?: string;
}

/** Where the visit that booked came from, as one badge: "facebook · ramadan", or "Direct". */
export function OriginBadge({ source, campaign }: OriginBadgeProps) {
  const { t } = useTranslation('console');
  if (!source) return <span className="muted">—</span>;
  const name = source === 'direct' ? t('appointments.direct') : source;
  return (
    <span className={`badge badge--origin${source === 'direct' ? ' badge--muted' : ''}`} title={t('appointments.col.origin')}>
      {campaign ? `${name} · ${campaign}` : name}
    </span>
  );
}
