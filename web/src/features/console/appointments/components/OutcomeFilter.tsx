import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterSelect } from '../../components/FilterSelect';
import { OUTCOME_FILTERS } from '../api/outcomes';

type OutcomeFilterValue = (typeof OUTCOME_FILTERS)[number];

/** Props of OutcomeFilter. */
export interface OutcomeFilterProps {
  value: string;
  onFilter: (outcome: OutcomeFilterValue | '') => void;
}

function isOutcomeFilter(v: string | null): v is OutcomeFilterValue {
  return v !== null && (OUTCOME_FILTERS as readonly string[]).includes(v);
}

/**
 * The list's outcome filter, kept in the address (?outcome=, as the daily alert's link
 * names it): the address sets it when the page opens, and each choice rewrites it.
 */
export function OutcomeFilter({ value, onFilter }: OutcomeFilterProps) {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const fromAddress = params.get('outcome');

  useEffect(() => {
    const wanted = isOutcomeFilter(fromAddress) ? fromAddress : '';
    if (wanted !== value) onFilter(wanted);
    // Only the address leads here; a choice rewrites the address first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromAddress]);

  return (
    <FilterSelect
      label={t('outcomes.filter')}
      value={isOutcomeFilter(value) ? value : ''}
      values={OUTCOME_FILTERS}
      allLabel={t('outcomes.all')}
      optionLabel={(o) => t(`outcomes.value.${o}`)}
      onChange={(outcome) =>
        setParams(
          (p) => {
            if (outcome) p.set('outcome', outcome);
            else p.delete('outcome');
            return p;
          },
          { replace: true },
        )
      }
    />
  );
}
