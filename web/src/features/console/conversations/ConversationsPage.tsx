import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Skeleton } from '../../../components/ui/Skeleton';
import { conversationQueries } from './api/conversations';
import { keys } from '../api/keys';
import { CONVERSATION_OUTCOMES, CONVERSATION_STATES } from '../api/types';
import { LiveBadge } from '../components/Badges';
import { ConversationList } from './components/ConversationList';
import { ConversationView } from './components/ConversationView';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { FilterSelect } from '../components/FilterSelect';
import { Pagination } from '../components/Pagination';
import { QuestionsView } from './components/QuestionsView';
import { useFallbackPoll, useLiveInvalidate } from '../hooks/useLive';
import { useWaitingCount } from '../hooks/useWaiting';

/** value when it is one of allowed, else '' (a hand-edited address must not break the list). */
function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return allowed.find((a) => a === value) ?? '';
}

/**
 * /admin/conversations: every conversation with Dota, filtered by state and outcome and
 * searched, one of them open beside the list (?open=<id>); and the questions Dota could
 * not answer (?view=questions). Filters live in the address, so the bell can link to them.
 */
export default function ConversationsPage() {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'questions' ? 'questions' : 'conversations';
  const state = oneOf(params.get('state'), CONVERSATION_STATES);
  const outcome = oneOf(params.get('outcome'), CONVERSATION_OUTCOMES);
  const q = (params.get('q') ?? '').trim();
  const openId = params.get('open') || null;
  const client = useQueryClient();
  const waiting = useWaitingCount();
  const [search, setSearch] = useState(q);
  const [size, setSize] = useState(20);
  // The page goes back to 1 whenever the filters change, without a read of the old page.
  const filterKey = `${state}|${outcome}|${q}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (n: number) => setPaging({ key: filterKey, page: n });
  const focusOpened = useRef(false);

  const update = useCallback(
    (patch: Record<string, string | null>, replace = true) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  // Typing waits for a pause before searching; an address change (back, a link) refills the box.
  useEffect(() => {
    const value = search.trim();
    if (value === q) return;
    const timer = setTimeout(() => update({ q: value || null }), 300);
    return () => clearTimeout(timer);
  }, [search, q, update]);
  useEffect(() => {
    setSearch((current) => (current.trim() === q ? current : q));
  }, [q]);

  const list = useQuery(conversationQueries.list({ state, outcome, q }, page, size));
  const refresh = () => void client.invalidateQueries({ queryKey: keys.conversationList });
  useLiveInvalidate(['conversation.updated'], [keys.conversationList]);
  useFallbackPoll(refresh, 30_000);
  // The list's answer carries the waiting count too: the menu and the bell take it.
  const answeredWaiting = list.isPlaceholderData ? undefined : list.data?.waiting;
  useEffect(() => {
    if (answeredWaiting !== undefined) client.setQueryData(keys.waiting, Math.max(0, answeredWaiting));
  }, [answeredWaiting, client]);

  // Opened by staff (not by the address): the focus moves to it. From the questions, the
  // list comes back too, and Back returns to the questions.
  const open = (id: string, fromQuestions = false) => {
    focusOpened.current = true;
    update({ open: id, view: null }, !fromQuestions);
  };
  const close = () => {
    const id = openId;
    update({ open: null });
    // Back to the row the conversation was opened from.
    setTimeout(() => {
      const rows = Array.from(document.querySelectorAll<HTMLElement>('[data-conversation]'));
      rows.find((row) => row.dataset.conversation === id)?.focus();
    }, 0);
  };

  const items = list.data?.items ?? [];
  const filtered = !!(state || outcome || q);

  return (
    <section className="page" aria-labelledby="conversations-title">
      <header className="page__header">
        <div>
          <h1 id="conversations-title">{t('conversations.title')}</h1>
          <p className="page__meta">{t('conversations.intro')}</p>
        </div>
        <div className="page__actions">
          <LiveBadge />
          <div className="page__actions" role="group" aria-label={t('conversations.views')}>
            <button type="button" className="btn" aria-pressed={view === 'conversations'} onClick={() => update({ view: null }, false)}>
              {t('conversations.tabs.conversations')}
            </button>
            <button type="button" className="btn" aria-pressed={view === 'questions'} onClick={() => update({ view: 'questions' }, false)}>
              {t('conversations.tabs.questions')}
            </button>
          </div>
          {view === 'conversations' && (
            <button type="button" className="btn" onClick={refresh}>
              {t('action.refresh')}
            </button>
          )}
        </div>
      </header>

      {view === 'questions' ? (
        <QuestionsView onOpen={(id) => open(id, true)} />
      ) : (
        <>
          <div className="filters" role="search">
            <label className="field field--inline">
              <span className="visually-hidden">{t('conversations.search')}</span>
              <input type="search" placeholder={t('conversations.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <FilterSelect
              label={t('conversations.filter.state')}
              value={state}
              values={CONVERSATION_STATES}
              allLabel={t('conversations.allStates')}
              optionLabel={(v) => t(`conversations.filterState.${v}`)}
              onChange={(v) => update({ state: v || null })}
            />
            <FilterSelect
              label={t('conversations.filter.outcome')}
              value={outcome}
              values={CONVERSATION_OUTCOMES}
              allLabel={t('conversations.allOutcomes')}
              optionLabel={(v) => t(`conversations.outcome.${v}`)}
              onChange={(v) => update({ outcome: v || null })}
            />
            {waiting > 0 && state !== 'waiting' && (
              <button type="button" className="btn btn--small conversation-waiting" onClick={() => update({ state: 'waiting' })}>
                {t('conversations.showWaiting', { count: waiting })}
              </button>
            )}
          </div>

          <div className={`inbox${openId ? ' inbox--open' : ''}`}>
            <div className="inbox__column">
              {list.error && !list.data ? (
                <ErrorState error={list.error} title={t('conversations.fetchFailed')} onRetry={refresh} />
              ) : list.isPending ? (
                <Skeleton rows={6} />
              ) : items.length === 0 ? (
                <EmptyState>{filtered ? t('conversations.emptyFiltered') : t('conversations.empty')}</EmptyState>
              ) : (
                <>
                  <ConversationList items={items} openId={openId} onOpen={(id) => open(id)} />
                  <Pagination
                    page={page}
                    size={size}
                    total={list.data?.total ?? 0}
                    onPage={setPage}
                    onSize={(n) => {
                      setSize(n);
                      setPage(1);
                    }}
                  />
                </>
              )}
            </div>
            {openId && (
              <ConversationView
                key={openId}
                id={openId}
                focusOnOpen={focusOpened.current}
                onClose={close}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
