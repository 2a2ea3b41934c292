import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Dialog } from '../../../../components/ui/Dialog';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { toast } from '../../../../components/ui/toast';
import { useServiceTitle } from '../../hooks/useServices';
import { toastFailure } from '../../../../lib/mutation';
import { useAddNoteMutation, useDeleteNoteMutation } from '../api/appointments';
import { appointmentQueries } from '../api/appointments';
import { keys } from '../../api/keys';
import { messageQueries } from '../../messages/api/messages';
import type { Appointment, Note } from '../../api/types';
import { useLiveEvents } from '../../hooks/useLive';
import { useCan } from '../../hooks/useSession';
import { formatDate, formatDateTime } from '../../lib/time';
import { StatusBadge } from '../../components/Badges';
import { DeliveryList } from '../../components/DeliveryList';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { AppointmentAnswers } from './AppointmentAnswers';
import { NoShowBadge } from './NoShowBadge';
import { OutcomePanel } from './OutcomePanel';
import { ReassignConsultant } from './ReassignConsultant';

/** Props of AppointmentDetailsDialog. */
export interface AppointmentDetailsDialogProps {
  appointment: Appointment | null;
  onClose: () => void;
  onEdit?: (a: Appointment) => void;
}

/** Client, service, message, answers and where from, status history, notes and (for chat bookings) the transcript. */
export function AppointmentDetailsDialog({ appointment, onClose, onEdit }: AppointmentDetailsDialogProps) {
  const { t } = useTranslation('console');
  if (!appointment) return null;
  return (
    <Dialog open title={t('details.title')} onClose={onClose} size="large">
      <DetailsBody key={appointment.id} initial={appointment} onEdit={onEdit} />
    </Dialog>
  );
}

function DetailsBody({ initial, onEdit }: { initial: Appointment; onEdit?: (a: Appointment) => void }) {
  const { t, i18n } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  const canAddNote = useCan('notes.create');
  const canDeleteNote = useCan('notes.delete');
  const canReassign = useCan('appointments.update');
  const client = useQueryClient();
  const detail = useQuery(appointmentQueries.detail(initial.id));
  const a = detail.data ?? initial;
  const transcript = useQuery({ ...appointmentQueries.transcript(initial.id), enabled: a.source === 'chat' });
  const messagesQuery = messageQueries.list({ appointment: initial.id }, 1, 20);
  const messages = useQuery(messagesQuery);
  const [text, setText] = useState('');
  const add = useAddNoteMutation(initial.id);
  const del = useDeleteNoteMutation(initial.id);
  const [toDelete, setToDelete] = useState<Note | null>(null);
  const reloadDetail = () => client.invalidateQueries({ queryKey: keys.appointment(initial.id) });
  const reloadMessages = () => client.invalidateQueries({ queryKey: messagesQuery.queryKey });
  useLiveEvents(['appointment.updated'], (event) => {
    if (event.appointment?.id === initial.id || event.ids?.includes(initial.id)) {
      void reloadDetail();
      void reloadMessages();
    }
  });

  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    const note = text.trim();
    if (!note) return;
    add.mutate(note, {
      onSuccess: () => {
        setText('');
        toast.success(t('notes.added'));
      },
      onError: toastFailure(() => t('notes.addFailed')),
    });
  };
  const removeNote = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('notes.deleted'));
        setToDelete(null);
      },
      onError: toastFailure(() => t('notes.deleteFailed')),
    });
  };

  const row = (label: string, value: React.ReactNode) => (
    <>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </>
  );

  return (
    <div className="details">
      <div className="details__grid">
        <section aria-labelledby="details-client">
          <h3 id="details-client">{t('details.client')}</h3>
          <dl className="dl">
            {row(t('field.name'), <>{a.name} <NoShowBadge count={a.client_no_shows} /></>)}
            {row(t('field.email'), a.email)}
            {row(t('field.phone'), a.phone)}
            {row(t('field.company'), a.company)}
          </dl>
        </section>
        <section aria-labelledby="details-service">
          <h3 id="details-service">{t('details.service')}</h3>
          <dl className="dl">
            {row(t('field.service'), serviceTitle(a.service) || t('appointments.general'))}
            {row(t('field.date'), a.date ? formatDate(i18n.language, a.date) : '')}
            {row(t('field.time'), a.time)}
            {row(t('consultants.column'), a.consultant_name)}
            {row(t('field.mode'), a.mode ? t(`meetingMode.${a.mode}`) : '')}
            {a.meeting_url &&
              row(
                t('field.meetingUrl'),
                <a href={a.meeting_url} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {a.meeting_url}
                </a>,
              )}
            {row(t('field.status'), <StatusBadge status={a.status} />)}
            {row(t('field.source'), t(`source.${a.source}`, { defaultValue: a.source }))}
            {row(t('field.createdAt'), formatDateTime(i18n.language, a.created_at))}
          </dl>
        </section>
      </div>
      <section aria-labelledby="details-message">
        <h3 id="details-message">{t('details.message')}</h3>
        <p className="details__message">{a.message || t('details.noMessage')}</p>
      </section>
      <AppointmentAnswers appointment={a} />
      {canReassign && <ReassignConsultant key={a.consultant_id ?? ''} appointment={a} />}
      <OutcomePanel appointment={a} />
      {onEdit && (
        <div className="page__actions">
          <button type="button" className="btn" onClick={() => onEdit(a)}>
            {t('action.edit')}
          </button>
        </div>
      )}

      {a.source === 'chat' && (
        <section aria-labelledby="details-transcript">
          <h3 id="details-transcript">{t('details.transcript')}</h3>
          {transcript.isPending ? (
            <Skeleton rows={3} />
          ) : transcript.error ? (
            <ErrorState error={transcript.error} onRetry={() => void transcript.refetch()} />
          ) : (transcript.data ?? []).length === 0 ? (
            <EmptyState>{t('details.noTranscript')}</EmptyState>
          ) : (
            <ol className="transcript">
              {(transcript.data ?? []).map((m, i) => (
                <li key={i} className={`transcript__msg transcript__msg--${m.sender}`}>
                  <span className="transcript__who">{t(`details.sender.${m.sender}`, { defaultValue: m.sender })}</span>
                  <p>{m.text}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}

      {detail.error && !detail.data ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.isPending ? (
        <Skeleton rows={3} />
      ) : (
        <div className="details__grid">
          <section aria-labelledby="details-history">
            <h3 id="details-history">{t('details.history')}</h3>
            {(detail.data?.history ?? []).length === 0 ? (
              <EmptyState>{t('details.noHistory')}</EmptyState>
            ) : (
              <ol className="history">
                {detail.data?.history.map((h) => (
                  <li key={h.id}>
                    <p>
                      {h.previous_status ? <StatusBadge status={h.previous_status} /> : '—'} →{' '}
                      <StatusBadge status={h.new_status} />
                    </p>
                    <p className="muted">
                      {h.changed_by} · {formatDateTime(i18n.language, h.changed_at)}
                    </p>
                    {h.notes && <p className="muted">{h.notes}</p>}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="details-messages">
            <h3 id="details-messages">{t('messages.ofAppointment')}</h3>
            {messages.error && !messages.data ? (
              <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />
            ) : messages.isPending ? (
              <Skeleton rows={2} />
            ) : (messages.data?.items ?? []).length === 0 ? (
              <EmptyState>{t('messages.noneForAppointment')}</EmptyState>
            ) : (
              <DeliveryList items={messages.data!.items} showRecipient={false} />
            )}
          </section>
          <section aria-labelledby="details-notes">
            <h3 id="details-notes">{t('notes.title')}</h3>
            {canAddNote && (
            <form className="note-form" onSubmit={submitNote}>
              <label className="field">
                <span className="visually-hidden">{t('notes.placeholder')}</span>
                <textarea rows={2} value={text} placeholder={t('notes.placeholder')} onChange={(e) => setText(e.target.value)} />
              </label>
              <button type="submit" className="btn btn--primary" disabled={add.isPending || !text.trim()}>
                {t('notes.add')}
              </button>
            </form>
            )}
            {(detail.data?.notes ?? []).length === 0 ? (
              <EmptyState>{t('notes.empty')}</EmptyState>
            ) : (
              <ul className="notes" tabIndex={0} aria-label={t('notes.title')}>
                {detail.data?.notes.map((n) => (
                  <li key={n.id}>
                    <p>{n.note}</p>
                    <p className="muted">
                      {n.author_name} ({t(`role.${n.author_role}`, { defaultValue: n.author_role })}) ·{' '}
                      {formatDateTime(i18n.language, n.created_at)}
                    </p>
                    {canDeleteNote && (
                      <button type="button" className="btn btn--small btn--danger" onClick={() => setToDelete(n)}>
                        {t('action.delete')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('notes.deleteTitle')}
        message={t('notes.confirmDelete')}
        onConfirm={removeNote}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
