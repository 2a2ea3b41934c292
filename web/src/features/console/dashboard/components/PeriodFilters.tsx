import { useTranslation } from 'react-i18next';

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
