import { useTranslation } from 'react-i18next';
import { useServiceTitle } from '../../hooks/useServices';
import type { Appointment } from '../../api/types';
import { preview } from '../../lib/format';
import { formatDate, relativeTime } from '../../lib/time';
import { StatusBadge } from '../../components/Badges';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { NoShowBadge } from './NoShowBadge';
import { OriginBadge } from './OriginBadge';

/** Props of AppointmentTable. */
export interface AppointmentTableProps {
  items: Appointment[];
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
  onOpen: (a: Appointment) => void;
  /** Absent when the user may not edit. */
  onEdit?: (a: Appointment) => void;
}

/** One page of appointments with row selection; a row opens its details. */
export function AppointmentTable({ items, selected, onSelect, onOpen, onEdit }: AppointmentTableProps) {
  const { t, i18n } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  if (items.length === 0) return <EmptyState>{t('appointments.empty')}</EmptyState>;
  const all = items.every((a) => selected.has(a.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const toggleAll = () => {
    const next = new Set(selected);
    for (const a of items) {
      if (all) next.delete(a.id);
      else next.add(a.id);
    }
    onSelect(next);
  };
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('appointments.title')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input type="checkbox" checked={all} onChange={toggleAll} aria-label={t('table.selectAll')} />
            </th>
            <th scope="col">{t('appointments.col.client')}</th>
            <th scope="col">{t('appointments.col.service')}</th>
            <th scope="col">{t('consultants.column')}</th>
            <th scope="col">{t('appointments.col.when')}</th>
            <th scope="col">{t('appointments.col.origin')}</th>
            <th scope="col">{t('appointments.col.message')}</th>
            <th scope="col">{t('appointments.col.status')}</th>
            <th scope="col">{t('appointments.col.updated')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr
              key={a.id}
              data-id={a.id}
              className={selected.has(a.id) ? 'is-selected' : undefined}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('button, input, a, label')) return;
                onOpen(a);
              }}
            >
              <td>
                <input
                  type="checkbox"
                  checked={selected.has(a.id)}
                  onChange={() => toggle(a.id)}
                  aria-label={t('table.select', { name: a.name })}
                />
              </td>
              <td>
                <button type="button" className="link-button" onClick={() => onOpen(a)}>
                  {a.name}
                </button>
                <div className="muted">{a.email || a.phone}</div>
                {a.source !== 'form' && <span className={`badge badge--source-${a.source}`}>{t(`source.${a.source}`, { defaultValue: a.source })}</span>}
                <NoShowBadge count={a.client_no_shows} />
              </td>
              <td>{serviceTitle(a.service) || t('appointments.general')}</td>
              <td data-column="consultant">{a.consultant_name || <span className="muted">—</span>}</td>
              <td>
                {a.date ? formatDate(i18n.language, a.date) : '—'}
                {a.time && <div className="muted">{a.time}</div>}
              </td>
              <td data-column="origin">
                <OriginBadge source={a.traffic_source} campaign={a.campaign} />
              </td>
              <td title={a.message}>{preview(a.message)}</td>
              <td>
                <StatusBadge status={a.status} />
              </td>
              <td>{relativeTime(t, a.updated_at)}</td>
              <td className="table__actions">
                {onEdit && (
                  <button type="button" className="btn btn--small" onClick={() => onEdit(a)} aria-label={t('action.editNamed', { name: a.name })}>
                    {t('action.edit')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
