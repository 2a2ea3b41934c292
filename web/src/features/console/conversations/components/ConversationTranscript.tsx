import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationMessage } from '../../api/types';
import { senderName } from '../../lib/conversation';
import { formatDateTime } from '../../lib/time';
import { EmptyState } from '../../../../components/ui/EmptyState';

/**
 * Every message of a conversation, the visitor's on one side and Dota's and staff's on the
 * other; it scrolls to the newest message as messages arrive.
 */
export function ConversationTranscript({ messages, label }: { messages: ConversationMessage[]; label: string }) {
  const { t, i18n } = useTranslation('console');
  const list = useRef<HTMLOListElement>(null);
  const count = messages.length;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  if (count === 0) return <EmptyState>{t('conversations.noMessages')}</EmptyState>;
  return (
    // The list scrolls: it takes the focus so the keyboard scrolls it too.
    <ol className="transcript conversation__transcript" ref={list} aria-label={label} aria-live="polite" tabIndex={0}>
      {messages.map((m, i) => (
        <li key={`${i}-${m.created_at}`} className={`transcript__msg transcript__msg--${m.sender}`}>
          <span className="transcript__who">{senderName(t, m.sender, m.author)}</span>
          <p dir="auto">{m.text}</p>
          <time className="transcript__time" dateTime={m.created_at}>
            {formatDateTime(i18n.language, m.created_at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
