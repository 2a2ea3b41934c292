import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STAFF_MESSAGE, sendStaffMessage } from '../api/conversations';
import { fieldErrorsOf, messageOf } from './Feedback';

/** Props of ReplyBox. */
export interface ReplyBoxProps {
  conversationId: string;
  /** Called once the server took the message, to read the conversation again. */
  onSent: () => void;
}

/** The answer to the visitor: Enter sends, Shift+Enter starts a new line; the server's refusal shows below. */
export function ReplyBox({ conversationId, onSent }: ReplyBoxProps) {
  const { t } = useTranslation('console');
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const length = [...text.trim()].length;

  const send = async () => {
    const value = text.trim();
    if (!value || sending) return;
    if (length > MAX_STAFF_MESSAGE) {
      setError(t('conversations.reply.tooLong', { max: MAX_STAFF_MESSAGE }));
      return;
    }
    setSending(true);
    setError('');
    try {
      await sendStaffMessage(conversationId, value);
      setText('');
      onSent();
    } catch (err) {
      setError(fieldErrorsOf(err).text || messageOf(err, t('conversations.reply.failed')));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className="reply"
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
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
