import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WeeklyRange } from '../../api/consultants';
import { weekdayName } from '../../lib/time';

/** The weekdays in the order the editor lists them: the agency's week starts on Sunday. */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A time as the editor takes it: HH:MM. */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What is wrong with the ranges, said for staff, or '' when they are right: each range
 * HH:MM to a later HH:MM, and no two ranges of one day overlapping (the server checks too).
 */
export function rangeErrors(hours: WeeklyRange[], t: TFunction<'console'>, lang: string): string {
  const weekdays = WEEKDAYS.map((d) => weekdayName(lang, d));
  for (const h of hours) {
    if (!HHMM.test(h.starts) || !HHMM.test(h.ends)) return t('consultants.rangeFormat', { day: weekdays[h.weekday] });
    if (h.starts >= h.ends) return t('consultants.rangeOrder', { day: weekdays[h.weekday], starts: h.starts, ends: h.ends });
  }
  for (const day of WEEKDAYS) {
    const ranges = hours.filter((h) => h.weekday === day).sort((a, b) => a.starts.localeCompare(b.starts));
    for (let i = 1; i < ranges.length; i++) {
      if (ranges[i]!.starts < ranges[i - 1]!.ends) return t('consultants.rangeOverlap', { day: weekdays[day] });
    }
  }
  return '';
}

/** Props of HoursEditor. */
export interface HoursEditorProps {
  hours: WeeklyRange[];
  onChange: (hours: WeeklyRange[]) => void;
  /** The refusal of the hours (the form's or the server's), if any. */
  error?: string;
  errorId: string;
}

/** A consultant's weekly hours: per weekday, its ranges (HH:MM to HH:MM), each removable, and one more to add. */
export function HoursEditor({ hours, onChange, error, errorId }: HoursEditorProps) {
  const { t, i18n } = useTranslation('console');
  const weekdays = WEEKDAYS.map((d) => weekdayName(i18n.language, d));
  // Ranges keep their place in the list, so an edited one stays where it is while typing.
  const indexed = hours.map((h, index) => ({ ...h, index }));
  const edit = (index: number, patch: Partial<WeeklyRange>) => onChange(hours.map((h, i) => (i === index ? { ...h, ...patch } : h)));
  const add = (weekday: number) => {
    const last = indexed.filter((h) => h.weekday === weekday).at(-1);
    const range = last ? { weekday, starts: last.ends, ends: last.ends < '17:00' ? '17:00' : '18:00' } : { weekday, starts: '09:00', ends: '12:00' };
    onChange([...hours, range]);
  };
  return (
    <fieldset className="consultant-form__group" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{t('consultants.hours')}</legend>
      <p className="muted">{t('consultants.hoursHint')}</p>
      <table className="hours-editor">
        <tbody>
          {WEEKDAYS.map((weekday) => {
            const day = weekdays[weekday] ?? String(weekday);
            const ranges = indexed.filter((h) => h.weekday === weekday);
            return (
              <tr key={weekday} data-weekday={weekday}>
                <th scope="row">{day}</th>
                <td>
                  {ranges.length === 0 && <span className="muted">{t('consultants.dayOffWeekly')}</span>}
                  <ul className="hours-editor__ranges">
                    {ranges.map((r, n) => (
                      <li key={r.index} className="hours-editor__range">
                        <input
                          type="time"
                          value={r.starts}
                          onChange={(e) => edit(r.index, { starts: e.target.value })}
                          aria-label={t('consultants.rangeStarts', { day, n: n + 1 })}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          value={r.ends}
                          onChange={(e) => edit(r.index, { ends: e.target.value })}
                          aria-label={t('consultants.rangeEnds', { day, n: n + 1 })}
                        />
                        <button
                          type="button"
                          className="btn btn--small"
                          onClick={() => onChange(hours.filter((_, i) => i !== r.index))}
                          aria-label={t('consultants.removeRange', { day, n: n + 1 })}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                  <button type="button" className="btn btn--small" onClick={() => add(weekday)} aria-label={t('consultants.addRangeTo', { day })}>
                    {t('consultants.addRange')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
