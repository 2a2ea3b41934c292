import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/Dialog';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { toast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api';
import { messageOf, toastFailure } from '../../../../lib/mutation';
import { useServiceTitle } from '../../hooks/useServices';
import { useConversationActionMutation, type ConversationAction } from '../api/conversations';
import { conversationQueries } from '../api/conversations';
import { keys } from '../../api/keys';
import type { ConversationDetail, ConversationSummary } from '../../api/types';
import { useFallbackPoll, useLiveEvents } from '../../hooks/useLive';
import { useNow } from '../../hooks/useNow';
import { useCan, useSession } from '../../hooks/useSession';
import { bookingHref, conversationActions, PREFILL_FIELDS } from '../../lib/conversation';
import { formatDate, formatDateTime, relativeTime } from '../../lib/time';
import { ConversationStateBadge, OutcomeBadge, StatusBadge } from '../../components/Badges';
import { ConversationTranscript } from './ConversationTranscript';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { ReplyBox } from './ReplyBox';

/** Props of ConversationView. */
export interface ConversationViewProps {
  id: string;
  /** Moves the focus to the conversation's heading when it opens (it was opened from the list). */
  focusOnOpen?: boolean;
  onClose: () => void;
}

/** One conversation: its messages, what Dota collected, its appointments, and taking it over. */
export function ConversationView({ id, focusOnOpen = false, onClose }: ConversationViewProps) {
  const { t } = useTranslation('console');
  const client = useQueryClient();
  const detail = useQuery(conversationQueries.detail(id));
  const reload = () => void client.invalidateQueries({ queryKey: keys.conversation(id) });
  const heading = useRef<HTMLHeadingElement>(null);
  const wantFocus = useRef(focusOnOpen);
  wantFocus.current = focusOnOpen;

  useLiveEvents(['conversation.updated'], (event) => {
    const summary = event.data as ConversationSummary | undefined;
    if (event.ids?.includes(id) || summary?.id === id) reload();
  });
  useFallbackPoll(reload, 30_000);

  const loaded = detail.data?.id === id ? detail.data : undefined;
  const loadedId = loaded?.id;
  useEffect(() => {
    if (loadedId && wantFocus.current) heading.current?.focus();
  }, [loadedId]);

  return (
    <section className="card conversation" aria-labelledby="conversation-title" aria-busy={detail.isFetching}>
      {detail.error && !loaded ? (
        <>
          <CloseButton onClose={onClose} />
          <ErrorState
            error={detail.error}
            title={detail.error instanceof ApiError && detail.error.status === 404 ? t('conversations.notFound') : t('conversations.fetchOneFailed')}
            onRetry={reload}
          />
        </>
      ) : !loaded ? (
        <>
          <CloseButton onClose={onClose} />
          <Skeleton rows={6} label={t('conversations.loadingOne')} />
        </>
      ) : (
        <Loaded detail={loaded} heading={heading} onClose={onClose} />
      )}
    </section>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('console');
  return (
    <button type="button" className="dialog__close conversation__close" onClick={onClose} aria-label={t('conversations.close')}>
      ×
    </button>
  );
}

/** The texts of each action's outcome. */
const ACTIONS: Record<ConversationAction, { done: string; failed: string }> = {
  claim: { done: 'conversations.claimed', failed: 'conversations.claimFailed' },
  takeover: { done: 'conversations.tookOver', failed: 'conversations.takeOverFailed' },
  release: { done: 'conversations.released', failed: 'conversations.releaseFailed' },
};

interface LoadedProps {
  detail: ConversationDetail;
  heading: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}

function Loaded({ detail: c, heading, onClose }: LoadedProps) {
  const { t, i18n } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  const now = useNow();
  const user = useSession((s) => s.user);
  const canBook = useSession((s) => s.pages.includes('new-appointment'));
  const canAnswer = useCan('conversations.answer');
  const canTakeOver = useCan('conversations.take_over');
  const act = useConversationActionMutation(c.id);
  const busy = act.isPending ? act.variables : null;
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState<'release' | 'takeover' | null>(null);

  // A colleague taking over a conversation this staff member held: said where they look,
  // as soon as the live event brings the conversation as it now is.
  const [seen, setSeen] = useState({ id: c.id, agent: c.agent_id });
  const [takenBy, setTakenBy] = useState('');
  if (seen.id !== c.id || seen.agent !== c.agent_id) {
    setSeen({ id: c.id, agent: c.agent_id });
    const fromMe = seen.id === c.id && !!user && seen.agent === user.id;
    setTakenBy(fromMe && c.state === 'staff' && !!c.agent_id && c.agent_id !== user.id ? c.agent || t('conversations.sender.staff') : '');
  }

  const actions = conversationActions(c, user ? { id: user.id, role: String(user.role), canTakeOver } : null);
  const name = c.name || t('conversations.visitor');
  const holder = c.agent || t('conversations.sender.staff');

  const run = (kind: ConversationAction) => {
    const { done, failed } = ACTIONS[kind];
    setError('');
    setConfirm(null);
    act.mutate(kind, {
      onSuccess: () => toast.success(t(done)),
      onError: (err) => {
        const message = messageOf(err, t(failed));
        setError(message);
        toastFailure(() => [t(failed), message])(err);
      },
    });
  };

  const status =
    c.state === 'waiting'
      ? t(c.handoff_reason === 'callback' ? 'conversations.callbackSince' : 'conversations.waitingSince', {
          reason: t(`conversations.reason.${c.handoff_reason || 'asked'}`, { defaultValue: c.handoff_reason }),
          when: relativeTime(t, c.handoff_at ?? c.updated_at, now),
        })
      : actions.heldByMe
        ? t('conversations.heldByMe')
        : actions.heldByOther
          ? t('conversations.heldByOther', { name: holder })
          : c.state === 'closed'
            ? t('conversations.closedNote')
            : t('conversations.withDota');

  return (
    <>
      <header className="conversation__header">
        <div className="conversation__who">
          <h2 id="conversation-title" ref={heading} tabIndex={-1} dir="auto">
            {name}
          </h2>
          <p className="conversation__badges">
            <ConversationStateBadge state={c.state} /> {c.outcome && <OutcomeBadge outcome={c.outcome} />}{' '}
            <span className="badge" lang={c.language}>
              {t(`conversations.language.${c.language}`, { defaultValue: c.language.toUpperCase() })}
            </span>
          </p>
          <p className="muted">
            {t('conversations.startedAt', { at: formatDateTime(i18n.language, c.started_at) })} ·{' '}
            {t('conversations.messageCount', { count: c.messages })}
          </p>
        </div>
        <CloseButton onClose={onClose} />
      </header>

      <p className={`banner conversation__status conversation__status--${c.state}`} role="status">
        {status}
      </p>
      {takenBy && (
        <p className="banner banner--warning" role="alert">
          {t('conversations.takenFromYou', { name: takenBy })}
        </p>
      )}

      {(canAnswer || canBook || actions.takeOver) && (
        <div className="page__actions" role="group" aria-label={t('conversations.actions')}>
          {canAnswer && actions.claim && (
            <button type="button" className="btn btn--primary" disabled={busy !== null} onClick={() => run('claim')}>
              {busy === 'claim' ? t('conversations.claiming') : t('conversations.claim')}
            </button>
          )}
          {actions.takeOver && (
            <button type="button" className="btn btn--primary" disabled={busy !== null} onClick={() => setConfirm('takeover')}>
              {busy === 'takeover' ? t('conversations.takingOver') : t('conversations.takeOver')}
            </button>
          )}
          {canAnswer && actions.release && (
            <button
              type="button"
              className="btn"
              disabled={busy !== null}
              onClick={() => (actions.heldByOther ? setConfirm('release') : run('release'))}
            >
              {busy === 'release' ? t('conversations.releasing') : t('conversations.release')}
            </button>
          )}
          {canBook && (
            <Link className="btn" to={bookingHref(c.id, c.collected)}>
              {t('conversations.book')}
            </Link>
          )}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}

      <div className="conversation__grid">
        <section className="conversation__messages" aria-labelledby="conversation-transcript">
          <h3 id="conversation-transcript">{t('conversations.transcript')}</h3>
          <ConversationTranscript messages={c.transcript} label={t('conversations.transcriptOf', { name })} />
          {canAnswer && actions.reply && <ReplyBox conversationId={c.id} language={c.language} />}
        </section>
        <div className="conversation__side">
          <section aria-labelledby="conversation-collected">
            <h3 id="conversation-collected">{t('conversations.collected')}</h3>
            <dl className="dl">
              {PREFILL_FIELDS.map((key) => (
                <Fragment key={key}>
                  <dt>{t(`field.${key}`)}</dt>
                  <dd dir="auto">
                    {!c.collected[key]
                      ? '—'
                      : key === 'date'
                        ? formatDate(i18n.language, c.collected.date)
                        : key === 'mode'
                          ? t(`meetingMode.${c.collected.mode}`)
                          : c.collected[key]}
                  </dd>
                </Fragment>
              ))}
            </dl>
          </section>
          <section aria-labelledby="conversation-appointments">
            <h3 id="conversation-appointments">{t('conversations.appointments')}</h3>
            {c.appointments.length === 0 ? (
              <p className="muted">{t('conversations.noAppointment')}</p>
            ) : (
              <ul className="conversation__appointments">
                {c.appointments.map((a) => (
                  <li key={a.id}>
                    <Link to="/admin/appointments">
                      {t('conversations.appointmentWhen', { date: formatDate(i18n.language, a.date), time: a.time || '—' })}
                    </Link>{' '}
                    <StatusBadge status={a.status} />
                    <span className="muted"> {serviceTitle(a.service) || t('appointments.general')}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'takeover' ? 'conversations.takeOver' : 'conversations.release')}
        message={t(confirm === 'takeover' ? 'conversations.confirmTakeOver' : 'conversations.confirmForceRelease', { name: holder })}
        confirmLabel={t(confirm === 'takeover' ? 'conversations.takeOver' : 'conversations.release')}
        busy={busy !== null}
        onConfirm={() => confirm && run(confirm)}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
