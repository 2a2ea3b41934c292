import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { DELIVERY_KINDS, DELIVERY_STATES } from '../../api/types';
import { DeliveryList } from '../../components/DeliveryList';
import { FilterSelect } from '../../components/FilterSelect';
import { Pagination } from '../../components/Pagination';
import { useListControls } from '../../hooks/useListControls';
import type { DeliveryFilters } from '../api/messages';
import { messageQueries } from '../api/messages';

/**
 * The ledger of messages to customers, filtered by kind and state; the address may name
 * the state to start with (?status=failed, as the alert of a failed message links to).
 */
export function CustomerLedger() {
  const { t } = useTranslation('console');
  const [params] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = DELIVERY_STATES.find((s) => s === asked) ?? '';
  const { filters, setFilters, page, setPage, size, setSize } = useListControls<DeliveryFilters>({ kind: '', status }, 20);
  const list = useQuery(messageQueries.list(filters, page, size));
  const items = list.data?.items ?? [];

  return (
    <>
      <div className="filters" role="search">
        <FilterSelect label={t('messages.filter.kind')} value={filters.kind ?? ''} values={DELIVERY_KINDS}
          allLabel={t('messages.allKinds')} optionLabel={(v) => t(`messages.kind.${v}`)}
          onChange={(kind) => setFilters({ kind })} />
        <FilterSelect label={t('messages.filter.status')} value={filters.status ?? ''} values={DELIVERY_STATES}
          allLabel={t('messages.allStates')} optionLabel={(v) => t(`messages.state.${v}`)}
          onChange={(status) => setFilters({ status })} />
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('messages.fetchFailed')} onRetry={() => void list.refetch()} />
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
    </>
  );
}
