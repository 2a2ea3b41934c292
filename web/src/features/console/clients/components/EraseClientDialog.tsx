import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/ui/Dialog';
import { toast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api';
import { toastFailure } from '../../../../lib/mutation';
import { upcomingOf, useEraseClientMutation, type ErasedCounts, type UpcomingAppointment } from '../api/clients';
import type { Client } from '../../api/types';
import { fullName, namesMatch } from '../../lib/format';
import { formatDate } from '../../lib/time';
import { StatusBadge } from '../../components/Badges';

/** Order of the counts in the success toast. */
const COUNTS: (keyof ErasedCounts)[] = ['appointments', 'conversations', 'messages', 'notes', 'waitlist', 'newsletter', 'cancelled'];

/** Props of EraseClientDialog. */
export interface EraseClientDialogProps {
  /** The client whose personal data is to be erased; null keeps the dialog closed. */
  client: Client | null;
  onClose: () => void;
  /** The client changed (erased, or found gone): close and refresh the list. */
  onErased: () => void;
}

/**
 * Erases a client's personal data (law 18-07) after the user types the person's full
 * name. When the server refuses because appointments are still ahead, lists them and
 * lets the user cancel them in the same action.
 */
export function EraseClientDialog({ client, onClose, onErased }: EraseClientDialogProps) {
  const { t, i18n } = useTranslation('console');
  const [typed, setTyped] = useState('');
  const erase = useEraseClientMutation();
  const busy = erase.isPending;
  const [confirmError, setConfirmError] = useState('');
  const [formError, setFormError] = useState('');
  const [upcoming, setUpcoming] = useState<UpcomingAppointment[] | null>(null);
  const [cancelUpcoming, setCancelUpcoming] = useState(false);
  const cancelBox = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => {
    setTyped('');
    setConfirmError('');
    setFormError('');
    setUpcoming(null);
    setCancelUpcoming(false);
  }, [client?.id]);

  // After the refusal, keyboard focus goes to the choice it asks for.
  useEffect(() => {
    if (upcoming) cancelBox.current?.focus();
  }, [upcoming]);

  const name = client ? fullName(client) : '';
  const matches = namesMatch(typed, name);
  const waitingForCancel = upcoming !== null && !cancelUpcoming;
  const canConfirm = matches && !busy && !waitingForCancel;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!client || !canConfirm) return;
    setConfirmError('');
    setFormError('');
    erase.mutate(
      { id: client.id, input: { confirm: typed.trim(), cancel_upcoming: upcoming !== null && cancelUpcoming } },
      {
        onSuccess: ({ erased }) => {
          // The conversations are counted when the chat is served; the cancelled ones when any were.
          const counts = COUNTS.filter((key) => erased[key] !== undefined && (key !== 'cancelled' || erased.cancelled > 0))
            .map((key) => t('clients.erase.countItem', { label: t(`clients.erase.count.${key}`), n: erased[key] }))
            .join(' · ');
          toast.success(t('clients.erase.done'), counts);
          onErased();
        },
        onError: (err) => {
          const ahead = upcomingOf(err);
          if (ahead) {
            setUpcoming(ahead);
            setCancelUpcoming(false);
          } else if (err instanceof ApiError && err.fields.confirm) {
            setConfirmError(err.fields.confirm);
            nameInput.current?.focus();
          } else if (err instanceof ApiError && err.code === 'not_found') {
            toast.error(t('clients.erase.gone'));
            onErased();
          } else {
            setFormError(toastFailure((message) => t('clients.erase.failed', { message: message || t('state.error') }))(err));
          }
        },
      },
    );
  };

  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      open={client !== null}
      title={t('clients.erase.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {t('action.cancel')}
          </button>
          <button type="submit" form={`${ids}-form`} className="btn btn--danger" disabled={!canConfirm} aria-busy={busy || undefined} data-testid="erase-confirm">
            {busy ? t('clients.erase.erasing') : t('clients.erase.confirm')}
          </button>
        </>
      }
    >
      <form id={`${ids}-form`} className="erase" onSubmit={submit} noValidate>
        <p>{t('clients.erase.intro')}</p>
        <p className="erase__name">
          <strong>
            <bdi>{name}</bdi>
          </strong>
        </p>
        <h3 className="erase__heading">{t('clients.erase.erasedTitle')}</h3>
        <ul className="erase__list">
          <li>{t('clients.erase.erasedIdentity')}</li>
          <li>{t('clients.erase.erasedMessages')}</li>
          <li>{t('clients.erase.erasedNotes')}</li>
          <li>{t('clients.erase.erasedLists')}</li>
        </ul>
        <h3 className="erase__heading">{t('clients.erase.keptTitle')}</h3>
        <p>{t('clients.erase.kept')}</p>
        <p className="erase__warning">{t('clients.erase.irreversible')}</p>

        <label className="field">
          <span>{t('clients.erase.confirmLabel')}</span>
          <span id={hintId} className="field__hint">
            {t('clients.erase.confirmHint')}{' '}
            <strong>
              <bdi>{name}</bdi>
            </strong>
          </span>
          <input
            ref={nameInput}
            type="text"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setConfirmError('');
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!confirmError}
            aria-describedby={confirmError ? `${hintId} ${errorId}` : hintId}
            data-testid="erase-confirm-input"
          />
          {confirmError && (
            <span id={errorId} className="field__error" role="alert">
              {confirmError}
            </span>
          )}
        </label>

        {upcoming && (
          <div className="erase__upcoming" role="alert">
            <p>{t('clients.erase.upcoming')}</p>
            {upcoming.length > 0 && (
              <ul className="erase__list">
                {upcoming.map((a) => (
                  <li key={a.id}>
                    {t('clients.erase.upcomingItem', { date: formatDate(i18n.language, a.date), time: a.time })} <StatusBadge status={a.status} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {upcoming && (
          <>
            <label className="checkbox">
              <input
                ref={cancelBox}
                type="checkbox"
                checked={cancelUpcoming}
                onChange={(e) => setCancelUpcoming(e.target.checked)}
                aria-describedby={cancelUpcoming ? undefined : `${ids}-cancel-hint`}
              />
              {t('clients.erase.cancelUpcoming')}
            </label>
            {!cancelUpcoming && (
              <p id={`${ids}-cancel-hint`} className="field__hint">
                {t('clients.erase.cancelNeeded')}
              </p>
            )}
          </>
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
