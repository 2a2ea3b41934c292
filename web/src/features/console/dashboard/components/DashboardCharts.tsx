import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useServiceTitle } from '../../hooks/useServices';
import type { Dashboard } from '../api/dashboard';
import { displayStatus } from '../../lib/format';

const SOURCE_COLORS = { form: '#1d4ed8', chat: '#0f766e', console: '#b45309' };
const PIE_COLORS = ['#1d4ed8', '#0f766e', '#b45309', '#b91c1c', '#7c3aed', '#475569', '#be185d', '#15803d'];

/** The dashboard's four charts (recharts is loaded with this chunk only). */
export default function DashboardCharts({ data }: { data: Dashboard }) {
  const { t } = useTranslation('console');
  const serviceTitle = useServiceTitle();
  const byStatus = data.by_status.filter((s) => s.count > 0).map((s) => ({ label: t(`status.${displayStatus(s.status)}`), count: s.count }));
  const funnel = [
    { label: t('dashboard.funnel.started'), count: data.chat_funnel.started },
    { label: t('dashboard.funnel.contact'), count: data.chat_funnel.contact_collected },
    { label: t('dashboard.funnel.booked'), count: data.chat_funnel.booked },
  ];
  return (
    <div className="charts-grid">
      <figure className="card chart">
        <figcaption>{t('dashboard.perDay')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data.per_day}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {(['form', 'chat', 'console'] as const).map((k) => (
              <Bar key={k} dataKey={k} name={t(`source.${k}`)} stackId="s" fill={SOURCE_COLORS[k]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="card chart">
        <figcaption>{t('dashboard.byStatus')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <PieChart>
            <Pie data={byStatus} dataKey="count" nameKey="label" outerRadius={90} label isAnimationActive={false}>
              {byStatus.map((s, i) => (
                <Cell key={s.label} fill={PIE_COLORS[i % PIE_COLORS.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </figure>
      <figure className="card chart">
        <figcaption>{t('dashboard.byService')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data.by_service.map((s) => ({ label: serviceTitle(s.service) || t('appointments.general'), count: s.count }))} layout="vertical">
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={140} />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.bookings')} fill="#1d4ed8" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="card chart">
        <figcaption>{t('dashboard.funnel.title')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={funnel}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.funnel.title')} fill="#0f766e" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
