import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentFilters as Filters } from '../api/appointments';
import { STATUSES, type ServiceOption } from '../../api/types';
import type { Consultant } from '../../api/consultants';
import { FilterSelect } from '../../components/FilterSelect';
import { SourceChips, SourceFilters } from './SourceFilters';

/** Props of AppointmentFilters. */
export interface AppointmentFiltersProps {
  filters: Required<Filters>;
  services: ServiceOption[];
  /** The consultants, for the filter by who meets the prospect (none: no such filter). */
  consultants: Consultant[];
  onFilter: (patch: Filters) => void;
  /** How many rows are selected: the export takes them, else the filtered list. */
  selectedCount: number;
  /** Absent when the user may not export. */
  onExport?: () => void;
}

const RANGES = ['today', 'week', 'month'] as const;

/**
 * The appointments' search (sent on Enter or when leaving the box), date, status, service,
 * consultant and source filters, and the export.
 */
export function AppointmentFilters({ filters, services, consultants, onFilter, selectedCount, onExport }: AppointmentFiltersProps) {
  const { t } = useTranslation('console');
  const [search, setSearch] = useState(filters.q);
  // By the service's slug, as bookings store it, whatever language they were made in.
  const serviceLabels = new Map(services.map((s) => [s.slug ?? s.name, s.category ? `${s.name} (${s.category})` : s.name]));
  const consultantLabel = consultantLabeller(consultants, t);
  return (
    <>
    <div className="filters" role="search">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onFilter({ q: search.trim() });
        }}
      >
        <label className="field field--inline">
          <span className="visually-hidden">{t('appointments.search')}</span>
          <input
            type="search"
            placeholder={t('appointments.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (e.target.value === '') onFilter({ q: '' });
            }}
            onBlur={() => search.trim() !== filters.q && onFilter({ q: search.trim() })}
          />
        </label>
      </form>
      <FilterSelect
        label={t('appointments.dateFilter')}
        value={filters.range}
        values={RANGES}
        allLabel={t('appointments.range.all')}
        optionLabel={(r) => t(`appointments.range.${r}`)}
        onChange={(range) => onFilter({ range: range as Filters['range'] })}
      />
      <FilterSelect
        label={t('appointments.statusFilter')}
        value={filters.status}
        values={STATUSES}
        allLabel={t('appointments.allStatuses')}
        optionLabel={(st) => t(`status.${st}`)}
        onChange={(status) => onFilter({ status })}
      />
      <FilterSelect
        label={t('appointments.serviceFilter')}
        value={filters.service}
        values={[...serviceLabels.keys()]}
        allLabel={t('appointments.allServices')}
        optionLabel={(name) => serviceLabels.get(name) ?? name}
        onChange={(service) => onFilter({ service })}
      />
      {(consultants.length > 0 || filters.consultant !== '') && (
        <FilterSelect
          label={t('consultants.filter')}
          value={filters.consultant}
          values={['me', 'none', ...consultants.map((c) => c.user_id)]}
          allLabel={t('consultants.any')}
          optionLabel={consultantLabel}
          onChange={(consultant) => onFilter({ consultant })}
        />
      )}
      <SourceFilters source={filters.traffic_source} campaign={filters.campaign} onFilter={onFilter} />
      {onExport && (
        <button type="button" className="btn" onClick={onExport}>
          {selectedCount ? t('appointments.exportSelected', { count: selectedCount }) : t('appointments.export')}
        </button>
      )}
    </div>
    {(filters.consultant || filters.traffic_source || filters.campaign) && (
      <div className="filter-chips">
        <SourceChips source={filters.traffic_source} campaign={filters.campaign} onFilter={onFilter} />
        {filters.consultant && (
          <button
            type="button"
            className="chip"
            onClick={() => onFilter({ consultant: '' })}
            aria-label={t('consultants.clearChip', { who: consultantLabel(filters.consultant) })}
          >
            {t('consultants.chip', { who: consultantLabel(filters.consultant) })}
            <span aria-hidden="true"> ×</span>
          </button>
        )}
      </div>
    )}
    </>
  );
}

/** Names a value of the consultant filter: me, nobody, or a consultant by the name visitors see. */
export function consultantLabeller(consultants: Consultant[], t: (key: string) => string): (value: string) => string {
  const names = new Map(consultants.map((c) => [c.user_id, c.name]));
  return (value) => (value === 'me' ? t('consultants.me') : value === 'none' ? t('consultants.none') : (names.get(value) ?? value));
}
