/**
 * Revenue bars (recharts) for the admin dashboard, per day or per week, with the same figures as a
 * table for screen readers and for browsers without JavaScript (the chart draws in the browser).
 */
import { useSyncExternalStore } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const noSubscription = () => () => {};

export type ChartPoint = { period: string; revenue: number; orders: number };

export function RevenueChart({
  points,
  label,
  formatMoney,
  formatPeriod,
  periodHeading,
  revenueHeading,
  ordersHeading,
}: {
  points: ChartPoint[];
  label: string;
  formatMoney: (rappen: number) => string;
  formatPeriod: (period: string) => string;
  periodHeading: string;
  revenueHeading: string;
  ordersHeading: string;
}) {
  // Drawn only in the browser (recharts measures the DOM): false while rendering on the server and hydrating, then true.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const data = points.map((p) => ({ ...p, chf: p.revenue / 100, label: formatPeriod(p.period) }));
  return (
    <figure className="revenue-chart">
      <div className="revenue-chart-canvas" aria-hidden="true">
        {mounted && (
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
              <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--muted)' }} interval="preserveStartEnd" minTickGap={16} />
              <YAxis tick={{ fontSize: 11, fill: 'var(--muted)' }} width={56} tickFormatter={(v: number) => String(Math.round(v))} />
              <Tooltip formatter={(v) => [formatMoney(Math.round(Number(v) * 100)), revenueHeading]} labelStyle={{ color: '#2b2118' }} />
              <Bar dataKey="chf" fill="var(--accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </div>
      <figcaption className="visually-hidden">{label}</figcaption>
      <details className="chart-table">
        <summary>{label}</summary>
        <div className="table-scroll">
          <table className="history-table">
            <thead>
              <tr>
                <th scope="col">{periodHeading}</th>
                <th scope="col" className="num">
                  {ordersHeading}
                </th>
                <th scope="col" className="num">
                  {revenueHeading}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.period}>
                  <td>{formatPeriod(p.period)}</td>
                  <td className="num">{p.orders}</td>
                  <td className="num">{formatMoney(p.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
