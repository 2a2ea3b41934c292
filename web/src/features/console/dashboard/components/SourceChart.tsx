import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { bookingsBySource, sourceName, type SourceRow } from '../api/sources';

/** Bookings by source over the period, campaigns together (recharts is loaded with this chunk only). */
export default function SourceChart({ rows }: { rows: SourceRow[] }) {
  const { t } = useTranslation('console');
  const data = bookingsBySource(rows)
    .filter((r) => r.bookings > 0)
    .map((r) => ({ label: sourceName(t, r.source), bookings: r.bookings }));
  return (
    <figure className="card chart">
      <figcaption>{t('dashboard.sources.chart')}</figcaption>
      {data.length === 0 ? (
        <EmptyState>{t('dashboard.sources.noBookings')}</EmptyState>
      ) : (
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="bookings" name={t('dashboard.sources.bookings')} fill="#1d4ed8" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
}
