import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, messageOf } from '../../../../lib/mutation';
import { cannedReplyQueries, useFillCannedReplyMutation, type CannedReply } from '../../api/cannedReplies';
import { useSession } from '../../hooks/useSession';
import { firstVariable, matchReplies, slashQuery, variablesLeft } from '../../lib/canned';
import { MAX_STAFF_MESSAGE, useSendStaffMessageMutation } from '../api/conversations';
import { CannedPicker, optionId } from './CannedPicker';

/** Props of ReplyBox. */
export interface ReplyBoxProps {
  conversationId: string;
  /** The conversation's language: canned replies are inserted in it. */
  language: string;
}

/** How the canned replies' picker was opened: by `/` at the start of the answer, or by its button. */
type PickerMode = 'slash' | 'button';

/**
 * The answer to the visitor: Enter sends, Shift+Enter starts a new line; the server's refusal shows below.
 * A canned reply comes in from `/` typed at the start (what follows filters the list) or from the
 * button: the arrows choose, Enter inserts it filled from the conversation, Escape closes the list.
 */
export function ReplyBox({ conversationId, language }: ReplyBoxProps) {
  const { t } = useTranslation('console');
  const id = useId();
  const listbox = `${id}-canned`;
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const sendMessage = useSendStaffMessageMutation(conversationId);
  const sending = sendMessage.isPending;
  const [error, setError] = useState('');
  const length = [...text.trim()].length;
  const canManage = useSession((s) => s.pages.includes('canned-replies'));

  const [mode, setMode] = useState<PickerMode | null>(null);
  // Escape closes the list opened by `/` until the answer no longer starts with one.
  const [dismissed, setDismissed] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  // Where the button's reply goes: the selection of the answer when the list opened.
  const caret = useRef({ start: 0, end: 0 });
  const replies = useQuery({ ...cannedReplyQueries.list(), enabled: mode !== null });
  const fill = useFillCannedReplyMutation(conversationId);
  const query = mode === 'slash' ? (slashQuery(text) ?? '') : search;
  const matches = replies.data ? matchReplies(replies.data, query, language) : [];
  const left = variablesLeft(text);

  const close = () => {
    setMode(null);
    setSearch('');
    setActive(0);
  };

  const change = (value: string) => {
    setText(value);
    setActive(0);
    const slash = slashQuery(value) !== null;
    if (!slash) setDismissed(false);
    if (slash && !dismissed && mode === null) setMode('slash');
    else if (!slash && mode === 'slash') close();
  };

  /** Puts the filled reply in the answer and the focus back in it, on the first variable left to fill. */
  const choose = (reply: CannedReply) => {
    if (fill.isPending) return;
    const from = mode;
    setError('');
    fill.mutate(reply.id, {
      onSuccess: (filled) => {
        const { start, end } = caret.current;
        const next = from === 'button' ? text.slice(0, start) + filled.text + text.slice(end) : filled.text;
        const at = from === 'button' ? start : 0;
        setText(next);
        close();
        requestAnimationFrame(() => {
          const el = box.current;
          if (!el) return;
          el.focus();
          const variable = firstVariable(next.slice(at, at + filled.text.length));
          if (variable) el.setSelectionRange(at + variable.start, at + variable.end);
          else el.setSelectionRange(at + filled.text.length, at + filled.text.length);
        });
      },
      onError: (err) => setError(messageOf(err, t('canned.picker.fillFailed'))),
    });
  };

  /** The keys of the list, from whichever box holds the focus; true when the key was the list's. */
  const pickerKey = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (mode === null || event.nativeEvent.isComposing) return false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (matches.length === 0) return true;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((active + step + matches.length) % matches.length);
        return true;
      }
      case 'Enter':
        if (matches[active]) choose(matches[active]);
        return true;
      case 'Escape':
        if (mode === 'slash') setDismissed(true);
        else box.current?.focus();
        close();
        return true;
    }
    return false;
  };

  const send = () => {
    const value = text.trim();
    if (!value || sending) return;
    if (length > MAX_STAFF_MESSAGE) {
      setError(t('conversations.reply.tooLong', { max: MAX_STAFF_MESSAGE }));
      return;
    }
    if (left.length) {
      // A variable with no value is filled by staff, never sent in braces.
      setError(t('canned.fillFirst', { variables: left.map((v) => `{${v}}`).join(', ') }));
      const variable = firstVariable(text);
      if (variable) box.current?.setSelectionRange(variable.start, variable.end);
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
    if (mode === 'slash' && pickerKey(event)) {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const openFromButton = () => {
    const el = box.current;
    caret.current = { start: el?.selectionStart ?? text.length, end: el?.selectionEnd ?? text.length };
    setMode('button');
    setSearch('');
    setActive(0);
  };

  const picker = mode !== null && (
    <CannedPicker
      id={listbox}
      read={replies}
      matches={matches}
      active={active}
      lang={language}
      busy={fill.isPending}
      canManage={canManage}
      onActive={setActive}
      onChoose={choose}
    />
  );
  const activeOption = mode !== null && matches[active] ? optionId(listbox, active) : undefined;

  return (
    <form
      className="reply"
      aria-busy={sending || fill.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="field">
        <span>{t('conversations.reply.label')}</span>
        <textarea
          ref={box}
          rows={3}
          value={text}
          maxLength={MAX_STAFF_MESSAGE}
          readOnly={sending}
          dir="auto"
          placeholder={t('conversations.reply.placeholder')}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => mode === 'slash' && close()}
          aria-autocomplete="list"
          aria-controls={mode === 'slash' ? listbox : undefined}
          aria-activedescendant={mode === 'slash' ? activeOption : undefined}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
      </label>
      {mode === 'button' && (
        <label className="field canned-picker__search">
          <span>{t('canned.picker.search')}</span>
          <input
            type="search"
            role="combobox"
            aria-expanded="true"
            aria-autocomplete="list"
            aria-controls={listbox}
            aria-activedescendant={activeOption}
            autoFocus
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (pickerKey(e)) e.preventDefault();
            }}
          />
        </label>
      )}
      {picker}
      <p id={`${id}-hint`} className="field__hint">
        {t('canned.hint')} {t('conversations.reply.hint', { length, max: MAX_STAFF_MESSAGE })}
      </p>
      {left.length > 0 && !error && (
        <p className="field__hint" role="status">
          {t('canned.fillFirst', { variables: left.map((v) => `{${v}}`).join(', ') })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="reply__actions">
        <button
          type="button"
          className="btn"
          aria-haspopup="listbox"
          aria-expanded={mode === 'button'}
          onClick={() => (mode === 'button' ? close() : openFromButton())}
        >
          {t('canned.picker.open')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={sending || length === 0}>
          {sending ? t('conversations.reply.sending') : t('conversations.reply.send')}
        </button>
      </div>
    </form>
  );
}
