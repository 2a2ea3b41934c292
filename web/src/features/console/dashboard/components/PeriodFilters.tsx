import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';

/** A dashboard section's period: days, both included; empty for the server's default. */
export interface Period {
  from: string;
  to: string;
}

/**
 * The first and last day of a dashboard section's period. Until the user picks them, the
 * inputs show the days the server chose (shown).
 */
export function PeriodFilters({ period, shown, onChange }: { period: Period; shown?: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation('console');
  return (
    <div className="filters">
      <label className="field field--inline">
        <span>{t('dashboard.period.from')}</span>
        <input type="date" value={period.from || shown?.from || ''} onChange={(e) => onChange({ ...period, from: e.target.value })} />
      </label>
      <label className="field field--inline">
        <span>{t('dashboard.period.to')}</span>
        <input type="date" value={period.to || shown?.to || ''} onChange={(e) => onChange({ ...period, to: e.target.value })} />
      </label>
    </div>
  );
}

/**
 * A dashboard section over a chosen period: its title and period picker, then what its
 * query read for that period, with the loading and error states.
 */
export function PeriodSection<T extends Period, K extends QueryKey>({
  name,
  title,
  testId,
  query,
  children,
}: {
  /** The section's class, and its title's id with "-title". */
  name: string;
  title: string;
  testId?: string;
  query: (period: Period) => UseQueryOptions<T, Error, T, K>;
  children: (data: T) => ReactNode;
}) {
  const [period, setPeriod] = useState<Period>({ from: '', to: '' });
  const read = useQuery(query(period));
  const d = read.data;
  const failed = read.error !== null && <ErrorState error={read.error} onRetry={() => void read.refetch()} />;
  return (
    <section className={name} aria-labelledby={`${name}-title`} data-testid={testId}>
      <header className="page__header">
        <h2 id={`${name}-title`}>{title}</h2>
        <PeriodFilters period={period} shown={d} onChange={setPeriod} />
      </header>
      {d === undefined ? (
        failed || <Skeleton rows={3} />
      ) : (
        <>
          {failed}
          {children(d)}
        </>
      )}
    </section>
  );
}
