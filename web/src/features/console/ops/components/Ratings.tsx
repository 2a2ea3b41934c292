import { useTranslation } from 'react-i18next';
import { Table } from '../../../../components/ui/Table';
import { formatDate } from '../../lib/time';
import type { RatingWeek } from '../api/ops';

/** Props of Ratings. */
export interface RatingsProps {
  weeks: RatingWeek[];
}

/**
 * The rate of visitors helped per staff member and per week: their answers to the one
 * question Dota asks as staff hand a conversation back.
 */
export function Ratings({ weeks }: RatingsProps) {
  const { t, i18n } = useTranslation('console');
  const lang = i18n.language;
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section className="ops-ratings" aria-labelledby="ops-ratings-title">
      <h2 id="ops-ratings-title">{t('ops.ratings.title')}</h2>
      <p className="muted">{t('ops.ratings.intro')}</p>
      {weeks.length === 0 ? (
        <p>{t('ops.ratings.empty')}</p>
      ) : (
        <Table
          caption={t('ops.ratings.title')}
          columns={[t('ops.ratings.week'), t('ops.ratings.staff'), t('ops.ratings.helpful'), t('ops.ratings.answers'), t('ops.ratings.rate')]}
        >
          {weeks.map((w) => (
            <tr key={`${w.week}-${w.agent_id}`}>
              <td>{formatDate(lang, w.week)}</td>
              <td>{w.agent || t('ops.ratings.unknown')}</td>
              <td>{w.helpful}</td>
              <td>{w.total}</td>
              <td>{percent.format(w.rate)}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
