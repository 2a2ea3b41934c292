import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { conversationQueries } from '../api/conversations';
import { QUESTION_WINDOWS, type QuestionGroup, type QuestionWindow } from '../../api/types';
import { useNow } from '../../hooks/useNow';
import { formatDateTime, relativeTime } from '../../lib/time';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { ErrorState } from '../../../../components/ui/ErrorState';

/** Props of QuestionsView. */
export interface QuestionsViewProps {
  /** Opens the conversation an example comes from. */
  onOpen: (conversationId: string) => void;
}

/** The questions Dota could not answer over 1 h, 24 h or 7 d, grouped by similar wording. */
export function QuestionsView({ onOpen }: QuestionsViewProps) {
  const { t } = useTranslation('console');
  const [window, setWindow] = useState<QuestionWindow>('7d');
  const report = useQuery(conversationQueries.questions(window));
  const groups = report.data?.groups ?? [];

  return (
    <section className="questions" aria-labelledby="questions-title">
      <header className="page__header">
        <div>
          <h2 id="questions-title">{t('conversations.questions.title')}</h2>
          <p className="page__meta">{t('conversations.questions.intro')}</p>
        </div>
        <div className="page__actions">
          <label className="field field--inline">
            <span className="visually-hidden">{t('conversations.questions.window')}</span>
            <select value={window} onChange={(e) => setWindow(e.target.value as QuestionWindow)}>
              {QUESTION_WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {t(`conversations.questions.windows.${w}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn" onClick={() => void report.refetch()}>
            {t('action.refresh')}
          </button>
        </div>
      </header>
      {report.error && !report.data ? (
        <ErrorState error={report.error} title={t('conversations.questions.fetchFailed')} onRetry={() => void report.refetch()} />
      ) : report.isPending ? (
        <Skeleton rows={5} />
      ) : groups.length === 0 ? (
        <EmptyState>{t('conversations.questions.empty')}</EmptyState>
      ) : (
        <QuestionGroups groups={groups} onOpen={onOpen} />
      )}
    </section>
  );
}

/** The groups, largest first as the server sends them: wording, count, last time and the latest examples. */
export function QuestionGroups({ groups, onOpen }: { groups: QuestionGroup[]; onOpen: (conversationId: string) => void }) {
  const { t, i18n } = useTranslation('console');
  const now = useNow();
  return (
    <ol className="question-groups">
      {groups.map((g, i) => (
        <li key={`${i}-${g.wording}`} className="card question-group">
          <div className="question-group__head">
            <p className="question-group__wording" dir="auto">
              {g.wording}
            </p>
            <span className="badge badge--count">{t('conversations.questions.count', { count: g.count })}</span>
          </div>
          <p className="muted">
            {t('conversations.questions.lastAt')}{' '}
            <time dateTime={g.last_at} title={formatDateTime(i18n.language, g.last_at)}>
              {relativeTime(t, g.last_at, now)}
            </time>
          </p>
          {g.examples.length > 0 && (
            <ul className="question-group__examples" aria-label={t('conversations.questions.examples')}>
              {g.examples.map((e, j) => (
                <li key={`${j}-${e.conversation_id}-${e.at}`}>
                  <q dir="auto">{e.text}</q>{' '}
                  <time className="muted" dateTime={e.at} title={formatDateTime(i18n.language, e.at)}>
                    {relativeTime(t, e.at, now)}
                  </time>{' '}
                  {e.conversation_id && (
                    <button type="button" className="link-button" onClick={() => onOpen(e.conversation_id)}>
                      {t('conversations.questions.openConversation')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
