import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { toastFailure } from '../../../lib/mutation';
import { useResendMessageMutation } from '../messages/api/messages';
import type { Delivery } from '../api/types';
import { useCan } from '../hooks/useSession';
import { formatDateTime } from '../lib/time';
import { Table } from '../../../components/ui/Table';

/** Props of DeliveryList. */
export interface DeliveryListProps {
  items: Delivery[];
  /** Show each message's recipient (the whole ledger) or not (one appointment's). */
  showRecipient?: boolean;
}

/** Why a message was not sent, in the reader's words: a known reason code, else the server's text. */
export function reasonText(t: (key: string, options?: Record<string, unknown>) => string, reason: string): string {
  if (!reason) return '';
  const [code, ...rest] = reason.split(': ');
  const known = t(`messages.reason.${code}`, { defaultValue: '' });
  if (!known) return reason;
  return rest.length ? `${known}: ${rest.join(': ')}` : known;
}

/** The messages to customers: kind, recipient, state and why, attempts, times, and Resend. */
export function DeliveryList({ items, showRecipient = true }: DeliveryListProps) {
  const { t, i18n } = useTranslation('console');
  const canResend = useCan('messages.resend');
  const resending = useResendMessageMutation();
  const busy = resending.isPending ? resending.variables : null;

  const resend = (d: Delivery) =>
    resending.mutate(d.id, {
      onSuccess: () => toast.success(t('messages.resent', { to: d.recipient })),
      onError: (err) =>
        err instanceof ApiError && err.code === 'conflict' ? toast.error(t('messages.stillScheduled')) : toastFailure(() => t('messages.resendFailed'))(err),
    });

  return (
    <Table
      columns={[
        t('messages.column.kind'),
        showRecipient && t('messages.column.recipient'),
        t('messages.column.state'),
        t('messages.column.attempts'),
        t('messages.column.when'),
        canResend && <span className="visually-hidden">{t('messages.column.actions')}</span>,
      ]}
    >
      {items.map((d) => (
        <tr key={d.id}>
          <td>
            {t(`messages.kind.${d.kind}`, { defaultValue: d.kind })}{' '}
            <span className="badge">{d.language.toUpperCase()}</span>
            {d.subject && <div className="muted">{d.subject}</div>}
          </td>
          {showRecipient && <td>{d.recipient}</td>}
          <td>
            <span className={`badge badge--delivery-${d.state}`}>{t(`messages.state.${d.state}`, { defaultValue: d.state })}</span>
            {d.reason && (
              <div className="muted">
                {d.state === 'scheduled' ? t('messages.lastAttempt', { reason: reasonText(t, d.reason) }) : reasonText(t, d.reason)}
              </div>
            )}
            {d.resent_from && <div className="muted">{t('messages.resentCopy')}</div>}
          </td>
          <td>{d.attempts}</td>
          <td>
            {d.sent_at
              ? t('messages.sentAt', { at: formatDateTime(i18n.language, d.sent_at) })
              : t('messages.dueAt', { at: formatDateTime(i18n.language, d.due_at) })}
          </td>
          {canResend && (
            <td className="table__actions">
              {d.state !== 'scheduled' && d.kind !== 'chat_answer' && (
                <button
                  type="button"
                  className="btn btn--small"
                  disabled={busy === d.id}
                  onClick={() => resend(d)}
                  aria-label={t('messages.resendNamed', { kind: t(`messages.kind.${d.kind}`, { defaultValue: d.kind }), to: d.recipient })}
                >
                  {busy === d.id ? t('messages.resending') : t('messages.resend')}
                </button>
              )}
            </td>
          )}
        </tr>
      ))}
    </Table>
  );
}
