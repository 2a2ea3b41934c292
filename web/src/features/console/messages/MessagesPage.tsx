import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/Skeleton';
import type { DeliveryFilters } from './api/messages';
import { messageQueries } from './api/messages';
import { DELIVERY_KINDS, DELIVERY_STATES } from '../api/types';
import { DeliveryList } from '../components/DeliveryList';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { FilterSelect } from '../components/FilterSelect';
import { Pagination } from '../components/Pagination';
import { useListControls } from '../hooks/useListControls';
import { useFallbackPoll } from '../hooks/useLive';

/** /admin/messages: every message to a customer, sent or due, filtered by kind and state. */
export default function MessagesPage() {
  const { t } = useTranslation('console');
  const { filters, setFilters, page, setPage, size, setSize } = useListControls<DeliveryFilters>({ kind: '', status: '' }, 20);
  const list = useQuery(messageQueries.list(filters, page, size));
  const refresh = () => void list.refetch();
  useFallbackPoll(refresh, 30_000);
  const items = list.data?.items ?? [];

  return (
    <section className="page" aria-labelledby="messages-title">
      <header className="page__header">
        <h1 id="messages-title">{t('messages.title')}</h1>
        <div className="page__actions">
          <button type="button" className="btn" onClick={refresh}>
            {t('action.refresh')}
          </button>
        </div>
      </header>
      <p className="muted">{t('messages.intro')}</p>
      <div className="filters" role="search">
        <FilterSelect label={t('messages.filter.kind')} value={filters.kind ?? ''} values={DELIVERY_KINDS}
          allLabel={t('messages.allKinds')} optionLabel={(v) => t(`messages.kind.${v}`)}
          onChange={(kind) => setFilters({ kind })} />
        <FilterSelect label={t('messages.filter.status')} value={filters.status ?? ''} values={DELIVERY_STATES}
          allLabel={t('messages.allStates')} optionLabel={(v) => t(`messages.state.${v}`)}
          onChange={(status) => setFilters({ status })} />
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('messages.fetchFailed')} onRetry={refresh} />
      ) : list.isPending ? (
        <Skeleton rows={6} />
      ) : items.length === 0 ? (
        <EmptyState>{t('messages.empty')}</EmptyState>
      ) : (
        <>
          <DeliveryList items={items} />
          <Pagination page={page} size={size} total={list.data?.total ?? 0} onPage={setPage} onSize={setSize} />
        </>
      )}
    </section>
  );
}
