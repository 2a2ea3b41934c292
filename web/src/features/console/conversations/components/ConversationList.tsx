import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '../../api/types';
import { useNow } from '../../hooks/useNow';
import { senderName } from '../../lib/conversation';
import { preview } from '../../lib/format';
import { formatDateTime, relativeTime } from '../../lib/time';
import { ConversationStateBadge, OutcomeBadge } from '../../components/Badges';

/** Props of ConversationList. */
export interface ConversationListProps {
  items: ConversationSummary[];
  /** The open conversation, marked as current. */
  openId: string | null;
  onOpen: (id: string) => void;
}

/** The inbox's rows: who, state, outcome, last message, language, who holds it and when it last moved. */
export function ConversationList({ items, openId, onOpen }: ConversationListProps) {
  const { t, i18n } = useTranslation('console');
  const now = useNow();
  return (
    <ul className="inbox__list" aria-label={t('conversations.listLabel')}>
      {items.map((c) => {
        const name = c.name || t('conversations.visitor');
        return (
          <li key={c.id}>
            <button
              type="button"
              className={`inbox__row inbox__row--${c.state}`}
              data-conversation={c.id}
              aria-current={c.id === openId ? 'true' : undefined}
              onClick={() => onOpen(c.id)}
            >
              <span className="inbox__top">
                <strong className="inbox__name" dir="auto">
                  {name}
                </strong>
                <ConversationStateBadge state={c.state} />
                {c.outcome && <OutcomeBadge outcome={c.outcome} />}
                <span className="badge" lang={c.language} title={t(`conversations.language.${c.language}`, { defaultValue: c.language })}>
                  {c.language.toUpperCase()}
                </span>
              </span>
              {c.preview && (
                <span className="inbox__preview">
                  <span className="inbox__sender">{t('conversations.previewFrom', { who: senderName(t, c.last_sender, c.agent) })}</span>{' '}
                  <span dir="auto">{preview(c.preview, 140)}</span>
                </span>
              )}
              <span className="inbox__meta">
                {c.state === 'waiting' && c.handoff_reason && (
                  <span>{t(`conversations.reason.${c.handoff_reason}`, { defaultValue: c.handoff_reason })}</span>
                )}
                {c.agent && <span>{t('conversations.heldByShort', { name: c.agent })}</span>}
                <span>{t('conversations.messageCount', { count: c.messages })}</span>
                <time dateTime={c.updated_at} title={formatDateTime(i18n.language, c.updated_at)}>
                  {relativeTime(t, c.updated_at, now)}
                </time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
