import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/ui/Dialog';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { useServiceTitle } from '../../hooks/useServices';
import { appointmentQueries } from '../api/appointments';
import type { Appointment } from '../../api/types';
import { formatDate, formatDateTime, isoDay } from '../../lib/time';
import { StatusBadge } from '../../components/Badges';
import { ErrorState } from '../../../../components/ui/ErrorState';

/** Most dots a day shows before a plus marker. */
export const MAX_DOTS = 3;

/** The weeks of a month as ISO days (null outside the month), starting on Sunday. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = new Date(year, month, 1);
  const days = new Date(year, month + 1, 0).getDate();
  const cells: (string | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let d = 1; d <= days; d++) cells.push(isoDay(new Date(year, month, d)));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * Month grid of appointments with a day dialog and a detail dialog. The month is read
 * again with the page's other appointment reads (live events, refresh).
 */
export default function CalendarView() {
  const { t, i18n } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  const [cursor, setCursor] = useState(() => {
    const now = new Date();
    return { year: now.getFullYear(), month: now.getMonth() };
  });
  const [day, setDay] = useState<string | null>(null);
  const [detail, setDetail] = useState<Appointment | null>(null);
  const monthKey = `${cursor.year}-${String(cursor.month + 1).padStart(2, '0')}`;
  const data = useQuery(appointmentQueries.month(monthKey));

  const today = isoDay(new Date());
  const move = (delta: number) => {
    const d = new Date(cursor.year, cursor.month + delta, 1);
    setCursor({ year: d.getFullYear(), month: d.getMonth() });
  };
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(
    new Date(cursor.year, cursor.month, 1),
  );
  const weekdays = t('calendar.weekdays', { returnObjects: true }) as string[];
  const days = data.data ?? {};
  const dayItems = day ? (days[day] ?? []) : [];

  return (
    <section className="calendar" aria-labelledby="calendar-title">
      <header className="calendar__header">
        <h2 id="calendar-title">{title}</h2>
        <div className="page__actions">
          <button type="button" className="btn btn--small" onClick={() => move(-1)}>
            {t('calendar.previous')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => move(1)}>
            {t('calendar.next')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => void data.refetch()}>
            {t('action.refresh')}
          </button>
        </div>
      </header>
      {data.error && !data.data ? (
        <ErrorState error={data.error} onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        <Skeleton rows={5} />
      ) : (
        <table className="calendar__grid">
          <thead>
            <tr>
              {weekdays.map((w) => (
                <th key={w} scope="col">
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(cursor.year, cursor.month).map((week, i) => (
              <tr key={i}>
                {week.map((iso, j) => {
                  if (!iso) return <td key={j} className="calendar__cell calendar__cell--out" />;
                  const list = days[iso] ?? [];
                  return (
                    <td key={iso} className={`calendar__cell${iso === today ? ' calendar__cell--today' : ''}`}>
                      <button
                        type="button"
                        className="calendar__day"
                        data-date={iso}
                        aria-current={iso === today ? 'date' : undefined}
                        aria-label={t('calendar.dayLabel', { date: formatDate(i18n.language, iso), count: list.length })}
                        onClick={() => setDay(iso)}
                      >
                        <span className="calendar__num">{Number(iso.slice(8))}</span>
                        <span className="calendar__dots" aria-hidden="true">
                          {list.slice(0, MAX_DOTS).map((a) => (
                            <span key={a.id} className={`dot dot--${a.status}`} />
                          ))}
                          {list.length > MAX_DOTS && <span className="calendar__more">+</span>}
                        </span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog open={day !== null && detail === null} title={day ? formatDate(i18n.language, day) : ''} onClose={() => setDay(null)}>
        {dayItems.length === 0 ? (
          <p className="empty-state">{t('calendar.noneThatDay')}</p>
        ) : (
          <ul className="day-list">
            {dayItems.map((a) => (
              <li key={a.id}>
                <button type="button" className="day-list__item" onClick={() => setDetail(a)}>
                  <span className="day-list__time">{a.time}</span>
                  <span>{a.name}</span>
                  <StatusBadge status={a.status} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      <Dialog open={detail !== null} title={t('calendar.detailTitle')} onClose={() => setDetail(null)}>
        {detail && (
          <dl className="dl">
            <dt>{t('details.client')}</dt>
            <dd>{detail.name}</dd>
            <dt>{t('field.date')}</dt>
            <dd>{formatDate(i18n.language, detail.date)}</dd>
            <dt>{t('field.time')}</dt>
            <dd>{detail.time}</dd>
            <dt>{t('field.service')}</dt>
            <dd>{serviceTitle(detail.service) || t('appointments.general')}</dd>
            <dt>{t('field.status')}</dt>
            <dd>
              <StatusBadge status={detail.status} />
            </dd>
            <dt>{t('field.message')}</dt>
            <dd>{detail.message || '—'}</dd>
            <dt>{t('field.id')}</dt>
            <dd>
              <code>{detail.id}</code>
            </dd>
            <dt>{t('field.createdAt')}</dt>
            <dd>{formatDateTime(i18n.language, detail.created_at)}</dd>
          </dl>
        )}
      </Dialog>
    </section>
  );
}
