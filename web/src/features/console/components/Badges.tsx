import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../hooks/useLive';
import { displayStatus } from '../lib/format';

/** An appointment status with its French label; unknown values show as pending. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('console');
  const shown = displayStatus(status);
  return <span className={`badge badge--status-${shown}`}>{t(`status.${shown}`)}</span>;
}

/** Says whether updates arrive live or by the 60 s poll. */
export function LiveBadge() {
  const { t } = useTranslation('console');
  const status = useLiveStatus((s) => s.status);
  return (
    <span className={`badge live-badge live-badge--${status}`} role="status" data-live={status}>
      <span className="live-badge__dot" aria-hidden="true" />
      {t(`live.${status}`)}
    </span>
  );
}

/** A conversation's state: with Dota, waiting for staff, with staff, closed. */
export function ConversationStateBadge({ state }: { state: string }) {
  const { t } = useTranslation('console');
  return <span className={`badge badge--conversation-${state}`}>{t(`conversations.state.${state}`, { defaultValue: state })}</span>;
}

/** How a conversation ended: booked, abandoned, or with a question Dota could not answer. */
export function OutcomeBadge({ outcome }: { outcome: string }) {
  const { t } = useTranslation('console');
  return <span className={`badge badge--outcome-${outcome}`}>{t(`conversations.outcome.${outcome}`, { defaultValue: outcome })}</span>;
}

/** A waitlist entry's state: waiting, offered, booked, declined, expired, removed, lapsed. */
export function WaitlistStateBadge({ state }: { state: string }) {
  const { t } = useTranslation('console');
  return <span className={`badge badge--waitlist-${state}`}>{t(`waitlist.state.${state}`, { defaultValue: state })}</span>;
}
