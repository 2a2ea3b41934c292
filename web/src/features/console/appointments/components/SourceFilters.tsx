import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentFilters as Filters } from '../api/appointments';

/** Props of SourceFilters. */
export interface SourceFiltersProps {
  source: string;
  campaign: string;
  onFilter: (patch: Filters) => void;
}

/** The longest source or campaign the server filters by. */
const MAX_LEN = 150;

/**
 * The list's filters by where the visit that booked came from: its source (`facebook`,
 * `linkedin.com`, `direct`…) and its campaign, each typed and sent on Enter or when
 * leaving the box, as the search.
 */
export function SourceFilters({ source, campaign, onFilter }: SourceFiltersProps) {
  const { t } = useTranslation('console');
  return (
    <>
      <TextFilter label={t('appointments.sourceFilter')} value={source} onCommit={(v) => onFilter({ traffic_source: v })} />
      <TextFilter label={t('appointments.campaignFilter')} value={campaign} onCommit={(v) => onFilter({ campaign: v })} />
    </>
  );
}

/** A free text filter: its box follows the address, and commits on Enter, on leaving it, or when emptied. */
function TextFilter({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The address changed (a link, back, a cleared filter): the box shows it.
    setShown(value);
    setText(value);
  }
  const commit = () => text.trim() !== value && onCommit(text.trim());
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        commit();
      }}
    >
      <label className="field field--inline">
        <span className="visually-hidden">{label}</span>
        <input
          type="search"
          placeholder={label}
          maxLength={MAX_LEN}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value === '') onCommit('');
          }}
          onBlur={commit}
        />
      </label>
    </form>
  );
}

/** The source and campaign filtered by, as chips that clear them: the boxes say only what is typed. */
export function SourceChips({ source, campaign, onFilter }: SourceFiltersProps) {
  const { t } = useTranslation('console');
  const chips = [
    { key: 'traffic_source' as const, value: source, label: t('appointments.sourceChip', { value: source }) },
    { key: 'campaign' as const, value: campaign, label: t('appointments.campaignChip', { value: campaign }) },
  ];
  return chips
    .filter((c) => c.value)
    .map((c) => (
      <button
        key={c.key}
        type="button"
        className="chip"
        onClick={() => onFilter({ [c.key]: '' })}
        aria-label={t('appointments.clearChip', { chip: c.label })}
      >
        {c.label}
        <span aria-hidden="true"> ×</span>
      </button>
    ));
}
