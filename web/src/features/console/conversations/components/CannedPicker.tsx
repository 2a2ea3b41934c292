import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CannedReply } from '../../api/cannedReplies';
import { cannedText } from '../../lib/canned';

/** Props of CannedPicker. */
export interface CannedPickerProps {
  /** The listbox's id, which the box typing the query controls. */
  id: string;
  /** The list as it is read (loading, failed or there). */
  read: Pick<UseQueryResult<CannedReply[]>, 'data' | 'error' | 'refetch'>;
  /** The replies the query finds, in order. */
  matches: readonly CannedReply[];
  /** The option under the arrows. */
  active: number;
  /** The conversation's language: each reply shows its text in it. */
  lang: string;
  /** A reply being filled (the server makes its manage link). */
  busy: boolean;
  /** Whether the signed-in user may write replies (the empty list points to their page). */
  canManage: boolean;
  onActive: (index: number) => void;
  onChoose: (reply: CannedReply) => void;
}

/** The id of an option of the listbox, for aria-activedescendant. */
export function optionId(listbox: string, index: number): string {
  return `${listbox}-option-${index}`;
}

/**
 * The canned replies a query finds, as a listbox under the reply box: the arrows move
 * through it and Enter chooses from the box that holds the focus (ReplyBox); a click
 * chooses too. It says when the list loads, failed, is empty or finds nothing.
 */
export function CannedPicker({ id, read, matches, active, lang, busy, canManage, onActive, onChoose }: CannedPickerProps) {
  const { t } = useTranslation('console');
  let state: ReactNode = null;
  if (read.error && !read.data) {
    state = (
      <p className="canned-picker__state" role="alert">
        {t('canned.picker.failed')}{' '}
        <button type="button" className="btn btn--small" onClick={() => void read.refetch()}>
          {t('action.retry')}
        </button>
      </p>
    );
  } else if (!read.data) {
    state = <p className="canned-picker__state">{t('canned.picker.loading')}</p>;
  } else if (read.data.length === 0) {
    state = (
      <p className="canned-picker__state">
        {t('canned.picker.none')}{' '}
        {canManage && <Link to="/admin/canned-replies">{t('canned.picker.manage')}</Link>}
      </p>
    );
  } else if (matches.length === 0) {
    state = <p className="canned-picker__state">{t('canned.picker.noMatch')}</p>;
  }
  return (
    // The focus stays in the box that types the query: a press in the list must not take it.
    <div className="canned-picker" aria-busy={busy} onMouseDown={(e) => e.preventDefault()}>
      {state}
      {/* The listbox is always there, so that the box's aria-controls names an element. */}
      <ul id={id} role="listbox" className="canned-picker__list" aria-label={t('canned.picker.label')} hidden={!!state}>
        {matches.map((reply, i) => {
          const text = cannedText(reply, lang);
          return (
            <li
              key={reply.id}
              id={optionId(id, i)}
              role="option"
              aria-selected={i === active}
              className="canned-picker__option"
              onMouseEnter={() => onActive(i)}
              onClick={() => !busy && onChoose(reply)}
            >
              <strong dir="auto">{reply.title}</strong>
              <span className="canned-picker__text" dir="auto">
                {text}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
