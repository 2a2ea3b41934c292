import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Table } from '../../../../components/ui/Table';
import type { Alert } from '../../api/types';
import { formatDateTime } from '../../lib/time';

/** Why an alert was not sent: a known reason code in the reader's words, else the server's text. */
function reasonOf(t: (key: string, options?: Record<string, unknown>) => string, reason: string): string {
  if (!reason) return '';
  return t(`messages.alerts.reason.${reason}`, { defaultValue: reason });
}

/** The alerts to staff: what, to whom and how, state and why, attempts, times, the page it opens. */
export function AlertList({ items }: { items: Alert[] }) {
  const { t, i18n } = useTranslation('console');
  /** What the alert said; the event's name when it says nothing. */
  const said = (a: Alert) => a.title || t(`alerts.event.${a.event}`, { defaultValue: a.event });
  return (
    <Table
      caption={t('messages.view.alerts')}
      columns={[
        t('messages.alerts.column.event'),
        t('messages.alerts.column.recipient'),
        t('messages.alerts.column.channel'),
        t('messages.alerts.column.state'),
        t('messages.alerts.column.attempts'),
        t('messages.alerts.column.when'),
      ]}
    >
      {items.map((a) => (
        <tr key={a.id}>
          <td>
            {a.url.startsWith('/admin') ? <Link to={a.url}>{said(a)}</Link> : said(a)}
            {a.body && <div className="muted">{a.body}</div>}
          </td>
          <td>{a.user_email}</td>
          <td>{t(`alerts.channel.${a.channel}`, { defaultValue: a.channel })}</td>
          <td>
            <span className={`badge badge--alert-${a.state}`}>{t(`messages.alerts.state.${a.state}`, { defaultValue: a.state })}</span>
            {a.last_error && (
              <div className="muted">
                {a.state === 'pending' ? t('messages.lastAttempt', { reason: reasonOf(t, a.last_error) }) : reasonOf(t, a.last_error)}
              </div>
            )}
          </td>
          <td>{a.attempts}</td>
          <td>
            {a.sent_at
              ? t('messages.sentAt', { at: formatDateTime(i18n.language, a.sent_at) })
              : t('messages.alerts.raisedAt', { at: formatDateTime(i18n.language, a.created_at) })}
          </td>
        </tr>
      ))}
    </Table>
  );
}
