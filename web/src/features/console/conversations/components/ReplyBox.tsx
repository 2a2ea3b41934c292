import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, messageOf } from '../../../../lib/mutation';
import { MAX_STAFF_MESSAGE, useSendStaffMessageMutation } from '../api/conversations';

/** Props of ReplyBox. */
export interface ReplyBoxProps {
  conversationId: string;
}

/** The answer to the visitor: Enter sends, Shift+Enter starts a new line; the server's refusal shows below. */
export function ReplyBox({ conversationId }: ReplyBoxProps) {
  const { t } = useTranslation('console');
  const id = useId();
  const [text, setText] = useState('');
  const sendMessage = useSendStaffMessageMutation(conversationId);
  const sending = sendMessage.isPending;
  const [error, setError] = useState('');
  const length = [...text.trim()].length;

  const send = () => {
    const value = text.trim();
    if (!value || sending) return;
    if (length > MAX_STAFF_MESSAGE) {
      setError(t('conversations.reply.tooLong', { max: MAX_STAFF_MESSAGE }));
      return;
    }
    setError('');
    sendMessage.mutate(value, {
      onSuccess: () => setText(''),
      // The refusal shows below the box, not in a toast.
      onError: (err) => setError(fieldErrorsOf(err).text || messageOf(err, t('conversations.reply.failed'))),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="reply"
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="field">
        <span>{t('conversations.reply.label')}</span>
        <textarea
          rows={3}
          value={text}
          maxLength={MAX_STAFF_MESSAGE}
          readOnly={sending}
          dir="auto"
          placeholder={t('conversations.reply.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t('conversations.reply.hint', { length, max: MAX_STAFF_MESSAGE })}
      </p>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending || length === 0}>
        {sending ? t('conversations.reply.sending') : t('conversations.reply.send')}
      </button>
    </form>
  );
}
