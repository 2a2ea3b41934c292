import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Skeleton } from '../../../../components/ui/Skeleton';
import { useConsultants } from '../../api/consultants';
import type { Appointment } from '../../api/types';
import { StatusBadge } from '../../components/Badges';
import { useSession } from '../../hooks/useSession';
import { formatDate, isoDay, weekdayName } from '../../lib/time';
import { appointmentQueries } from '../api/appointments';

/** The hours a slot may start at (booking's SlotTimes): the week's rows. */
export const SLOT_TIMES = ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00'];

/** The business days (Sunday to Thursday) of the week holding day, as YYYY-MM-DD. */
export function businessWeek(day: Date): string[] {
  const sunday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - day.getDay(), 12);
  return [0, 1, 2, 3, 4].map((n) => isoDay(new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + n, 12)));
}

/** The rows of a week: the slot hours, and any other hour an appointment of it holds. */
export function weekRows(days: Record<string, Appointment[]>): string[] {
  const times = new Set(SLOT_TIMES);
  for (const list of Object.values(days)) for (const a of list) if (a.time) times.add(a.time);
  return [...times].sort();
}

/** Props of WeekView. */
export interface WeekViewProps {
  /** The consultant shown first: the list's consultant filter when it names one. */
  initial: string;
  /** Opens an appointment's details. */
  onOpen: (appointment: Appointment) => void;
}

/**
 * One consultant's week, Sunday to Thursday by slot hour, from the calendar route; the
 * previous and next weeks, and a click on an appointment opens it. Read again with the
 * page's other appointment reads (live events, refresh).
 */
export default function WeekView({ initial, onOpen }: WeekViewProps) {
  const { t, i18n } = useTranslation('console');
  const consultants = useConsultants();
  const me = useSession((s) => s.user?.id ?? '');
  const [cursor, setCursor] = useState(() => new Date());
  const [picked, setPicked] = useState(initial);
  const ids = consultants.map((c) => c.user_id);
  // Who is shown: the one picked, else the signed-in consultant, else the first.
  const consultant = ids.includes(picked) ? picked : ids.includes(me) ? me : (ids[0] ?? '');
  const days = businessWeek(cursor);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const week = useQuery({ ...appointmentQueries.week(from, to, consultant), enabled: consultant !== '' });
  const move = (weeks: number) => setCursor((c) => new Date(c.getFullYear(), c.getMonth(), c.getDate() + 7 * weeks, 12));
  const today = isoDay(new Date());
  const data = week.data ?? {};
  const rows = weekRows(data);
  const name = consultants.find((c) => c.user_id === consultant)?.name ?? '';
  const title = t('consultants.weekTitle', { from: formatDate(i18n.language, from), to: formatDate(i18n.language, to) });

  return (
    <section className="calendar week" aria-labelledby="week-title">
      <header className="calendar__header">
        <h2 id="week-title">{title}</h2>
        <div className="page__actions">
          <label className="field field--inline">
            <span className="visually-hidden">{t('consultants.weekOf')}</span>
            <select value={consultant} onChange={(e) => setPicked(e.target.value)} disabled={consultants.length === 0}>
              {consultants.map((c) => (
                <option key={c.user_id} value={c.user_id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn--small" onClick={() => move(-1)}>
            {t('consultants.previousWeek')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => setCursor(new Date())}>
            {t('consultants.thisWeek')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => move(1)}>
            {t('consultants.nextWeek')}
          </button>
        </div>
      </header>
      {consultants.length === 0 ? (
        <EmptyState>{t('consultants.noneYet')}</EmptyState>
      ) : week.error && !week.data ? (
        <ErrorState error={week.error} onRetry={() => void week.refetch()} />
      ) : !week.data ? (
        <Skeleton rows={5} />
      ) : (
        <div className="table-wrap">
          <table className="week__grid">
            <caption className="visually-hidden">{t('consultants.weekCaption', { name, from, to })}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('field.time')}</span>
                </th>
                {days.map((day, n) => (
                  <th key={day} scope="col" aria-current={day === today ? 'date' : undefined} className={day === today ? 'week__today' : undefined}>
                    <span className="week__day">{weekdayName(i18n.language, n, 'short')}</span> <span className="muted">{formatDate(i18n.language, day)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((time) => (
                <tr key={time}>
                  <th scope="row" dir="ltr">
                    {time}
                  </th>
                  {days.map((day) => (
                    <td key={day} className="week__cell" data-date={day} data-time={time}>
                      {(data[day] ?? [])
                        .filter((a) => a.time === time)
                        .map((a) => (
                          <button key={a.id} type="button" className="week__item" onClick={() => onOpen(a)}>
                            <span>{a.name}</span>
                            <StatusBadge status={a.status} />
                          </button>
                        ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
