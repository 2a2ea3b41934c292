import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Series } from '../../api/types';
import { label } from './opsLabels';

/** Groups series by their family (the part of the name before the first dot). */
export function families(series: Series[]): [string, Series[]][] {
  const map = new Map<string, Series[]>();
  for (const s of series) {
    const family = s.name.includes('.') ? s.name.slice(0, s.name.indexOf('.')) : s.name;
    map.set(family, [...(map.get(family) ?? []), s]);
  }
  return [...map.entries()];
}

const COLORS = ['#1d4ed8', '#0f766e', '#b45309', '#b91c1c', '#7c3aed', '#475569'];

function time(t: string | number): string {
  const d = new Date(typeof t === 'number' && t < 1e12 ? t * 1000 : t);
  return Number.isNaN(d.getTime()) ? String(t) : d.toISOString().slice(5, 16).replace('T', ' ');
}

/** One line chart per family of series, whatever the server sends. */
export default function OpsCharts({ series }: { series: Series[] }) {
  const { t } = useTranslation('console');
  return (
    <div className="charts-grid">
      {families(series).map(([family, list]) => {
        const rows = new Map<string, Record<string, number | string>>();
        for (const s of list) {
          for (const p of s.points) {
            const key = String(p.t);
            const row = rows.get(key) ?? { t: key };
            row[s.name] = p.v;
            rows.set(key, row);
          }
        }
        const data = [...rows.values()].sort((a, b) => String(a.t).localeCompare(String(b.t)));
        return (
          <figure key={family} className="card chart" data-series={family}>
            <figcaption>{label(t, family)}</figcaption>
            {data.length === 0 ? (
              <p className="empty-state">{t('ops.noPoints')}</p>
            ) : (
              <ResponsiveContainer width="100%" height={220}>
                <LineChart data={data}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="t" tickFormatter={time} minTickGap={24} />
                  <YAxis />
                  <Tooltip labelFormatter={(v) => time(v as string)} />
                  {list.length > 1 && <Legend />}
                  {list.map((s, i) => (
                    <Line key={s.name} type="monotone" dataKey={s.name} name={label(t, s.name)} stroke={COLORS[i % COLORS.length]} dot={false} isAnimationActive={false} />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            )}
          </figure>
        );
      })}
    </div>
  );
}
