import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { ALERT_EVENTS, ALERT_STATES } from '../../api/types';
import { FilterSelect } from '../../components/FilterSelect';
import { Pagination } from '../../components/Pagination';
import { useListControls } from '../../hooks/useListControls';
import type { AlertFilters } from '../api/alerts';
import { alertQueries } from '../api/alerts';
import { AlertList } from './AlertList';

/** The ledger of alerts to staff, filtered by event and state. */
export function AlertLedger() {
  const { t } = useTranslation('console');
  const { filters, setFilters, page, setPage, size, setSize } = useListControls<AlertFilters>({ event: '', state: '' }, 20);
  const list = useQuery(alertQueries.list(filters, page, size));
  const items = list.data?.items ?? [];

  return (
    <>
      <div className="filters" role="search">
        <FilterSelect label={t('messages.alerts.filter.event')} value={filters.event ?? ''} values={ALERT_EVENTS}
          allLabel={t('messages.alerts.allEvents')} optionLabel={(v) => t(`alerts.event.${v}`)}
          onChange={(event) => setFilters({ event })} />
        <FilterSelect label={t('messages.alerts.filter.state')} value={filters.state ?? ''} values={ALERT_STATES}
          allLabel={t('messages.allStates')} optionLabel={(v) => t(`messages.alerts.state.${v}`)}
          onChange={(state) => setFilters({ state })} />
      </div>
      {list.error && !list.data ? (
        <ErrorState error={list.error} title={t('messages.alerts.fetchFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton rows={6} />
      ) : items.length === 0 ? (
        <EmptyState>{t('messages.alerts.empty')}</EmptyState>
      ) : (
        <>
          <AlertList items={items} />
          <Pagination page={page} size={size} total={list.data?.total ?? 0} onPage={setPage} onSize={setSize} />
        </>
      )}
    </>
  );
}
