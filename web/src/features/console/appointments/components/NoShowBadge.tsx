import { useTranslation } from 'react-i18next';
import { NO_SHOW_BADGE_AT } from '../api/outcomes';

/** A client who did not come NO_SHOW_BADGE_AT times or more: staff see it, the booking stands. */
export function NoShowBadge({ count }: { count: number | undefined }) {
  const { t } = useTranslation('console');
  if (!count || count < NO_SHOW_BADGE_AT) return null;
  return (
    <span className="badge badge--no-show" title={t('outcomes.noShowBadgeTitle', { count })} data-testid="no-show-badge">
      {t('outcomes.noShowBadge', { count })}
    </span>
  );
}
