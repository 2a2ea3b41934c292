import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceTitle } from '../../hooks/useServices';
import { IN_LINE, type WaitlistEntry, type WaitlistSlot } from '../api/waitlist';
import { formatDate, formatDateTime } from '../../lib/time';
import { Table } from '../../../../components/ui/Table';
import { WaitlistStateBadge } from '../../components/Badges';

/** Props of WaitlistSlotCard. */
export interface WaitlistSlotCardProps {
  slot: WaitlistSlot;
  /** Whether the user may take people out of line (permission waitlist.remove). */
  canRemove: boolean;
  /** Asks to remove an entry; slotText names its slot. */
  onRemove: (entry: WaitlistEntry, slotText: string) => void;
}

/** One full slot: its places (capacity, booked, held) and its line, in order. */
export function WaitlistSlotCard({ slot, canRemove, onRemove }: WaitlistSlotCardProps) {
  const { t, i18n } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  const titleId = useId();
  const lang = i18n.language;
  const slotText = t('waitlist.slot', { date: formatDate(lang, slot.date), time: slot.time });
  const inLine = slot.entries.filter((e) => IN_LINE.includes(e.state)).length;

  return (
    <section className="card waitlist-slot" aria-labelledby={titleId}>
      <header className="waitlist-slot__head">
        <h2 id={titleId}>{slotText}</h2>
        <p className="muted">
          {t('waitlist.counts', { capacity: slot.capacity, booked: slot.booked, held: slot.held })} ·{' '}
          {t('waitlist.inLine', { count: inLine })}
        </p>
      </header>
      {slot.entries.length === 0 ? (
        <p className="muted">{t('waitlist.noEntries')}</p>
      ) : (
        <Table
          className="waitlist-table"
          columns={[
            t('waitlist.column.position'),
            t('waitlist.column.name'),
            t('waitlist.column.email'),
            t('waitlist.column.phone'),
            t('waitlist.column.service'),
            t('waitlist.column.source'),
            t('waitlist.column.state'),
            t('waitlist.column.joined'),
            canRemove && <span className="visually-hidden">{t('table.actions')}</span>,
          ]}
        >
          {slot.entries.map((e) => (
            <tr key={e.id}>
              <td>{e.position ?? '—'}</td>
              <td>{e.name}</td>
              <td>{e.email ? <a href={`mailto:${e.email}`}>{e.email}</a> : '—'}</td>
              <td dir="ltr">{e.phone || '—'}</td>
              <td>{serviceTitle(e.service ?? '') || '—'}</td>
              <td>
                <span className={`badge badge--source-${e.source}`}>{t(`source.${e.source}`, { defaultValue: e.source })}</span>
              </td>
              <td>
                <WaitlistStateBadge state={e.state} />
                {e.state === 'offered' && e.hold_until && (
                  <div className="muted">{t('waitlist.heldUntil', { at: formatDateTime(lang, e.hold_until) })}</div>
                )}
              </td>
              <td>{formatDateTime(lang, e.created_at)}</td>
              {canRemove && (
                <td className="table__actions">
                  {IN_LINE.includes(e.state) && (
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      onClick={() => onRemove(e, slotText)}
                      aria-label={t('waitlist.removeNamed', { name: e.name })}
                    >
                      {t('waitlist.remove')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
