import { useTranslation } from 'react-i18next';
import { useVisitorTime } from '../../../lib/visitorTime';
import type { Collected } from '../api/chat';

const fields = ['name', 'email', 'phone', 'company', 'service', 'date', 'time'] as const;

/** Props of Summary. */
export interface SummaryProps {
  collected: Collected;
  appointmentId: string | null;
}

/** What the visitor has given Dota so far, folded under the messages. */
export function Summary({ collected, appointmentId }: SummaryProps) {
  const { t, i18n } = useTranslation('chat');
  const visitorTime = useVisitorTime(i18n.resolvedLanguage ?? i18n.language);
  const own = collected.date && collected.time ? visitorTime(collected.date, collected.time) : '';
  const given = fields.filter((f) => collected[f]);
  if (given.length === 0) return null;
  return (
    <details className="chat-summary">
      <summary>{appointmentId ? t('summary.booked') : t('summary.title')}</summary>
      <dl>
        {given.map((f) => (
          <div key={f}>
            <dt>{t(`summary.${f}`)}</dt>
            <dd dir="auto">
              {collected[f]}
              {f === 'time' && own && ` · ${t('yourTime', { ns: 'common', time: own })}`}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
