import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { useServiceTitle } from '../../hooks/useServices';
import type { OutcomeRate, OutcomeStats } from '../api/outcomes';

/** The weekday's name in lang: 0 is Sunday, as the server counts. */
function weekdayName(lang: string, day: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + Number(day))));
}

/** One chart of no-show rates, a bar per key. */
function RateChart({ title, rows, label }: { title: string; rows: OutcomeRate[]; label: (key: string) => string }) {
  const { t } = useTranslation('console');
  const data = rows.map((r) => ({ label: label(r.key), rate: Math.round(r.rate * 100), total: r.total }));
  return (
    <figure className="card chart">
      <figcaption>{title}</figcaption>
      {data.length === 0 ? (
        <EmptyState>{t('dashboard.outcomes.empty')}</EmptyState>
      ) : (
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis unit="%" domain={[0, 100]} allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="rate" name={t('dashboard.outcomes.rate')} unit="%" fill="#b91c1c" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
}

/** The no-show rates by service, source, weekday and meeting mode (recharts is loaded with this chunk only). */
export default function OutcomeCharts({ data }: { data: OutcomeStats }) {
  const { t, i18n } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  return (
    <div className="charts-grid">
      <RateChart title={t('dashboard.outcomes.byService')} rows={data.by_service} label={(k) => serviceTitle(k) || t('appointments.general')} />
      <RateChart title={t('dashboard.outcomes.bySource')} rows={data.by_source} label={(k) => t(`source.${k}`, { defaultValue: k })} />
      <RateChart title={t('dashboard.outcomes.byWeekday')} rows={data.by_weekday} label={(k) => weekdayName(i18n.language, k)} />
      <RateChart title={t('dashboard.outcomes.byMode')} rows={data.by_mode} label={(k) => t(`meetingMode.${k}`, { defaultValue: k })} />
    </div>
  );
}
