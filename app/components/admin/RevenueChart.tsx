/**
 * Revenue bars for the admin dashboard, per day or per week, drawn on the server as SVG (no chart
 * library and no script: the chart is there in the first paint and on a page whose scripts have
 * not run), with the same figures as a table for screen readers and for a closer look. Each bar
 * names its period and revenue (`<title>`, shown on hover).
 */
export type ChartPoint = { period: string; revenue: number; orders: number };

/** Width of one bar's slot in the SVG's own units; the SVG is stretched to the figure's width. */
const SLOT = 10;
/** Height of the plot in the SVG's own units (100 = the top tick). */
const PLOT = 100;

/**
 * The value axis for amounts up to `max`: 0 and 3–5 round steps (1, 2 or 5 × 10ⁿ) whose last one
 * is ≥ `max`. An empty or all-zero series gets 0..1.
 */
export function revenueTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= rough) ?? 10 * pow;
  const ticks = [0];
  while (ticks[ticks.length - 1]! < max) ticks.push(ticks.length * step);
  return ticks;
}

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
  /** Money in Rappen → display text. */
  formatMoney: (rappen: number) => string;
  formatPeriod: (period: string) => string;
  periodHeading: string;
  revenueHeading: string;
  ordersHeading: string;
}) {
  // the axis in whole francs: the tick labels stay short
  const ticks = revenueTicks(Math.max(0, ...points.map((p) => p.revenue)) / 100);
  const top = ticks[ticks.length - 1]!;
  const width = Math.max(1, points.length) * SLOT;
  const middle = points.length > 2 ? points[Math.floor((points.length - 1) / 2)] : undefined;
  return (
    <figure className="revenue-chart">
      <div className="revenue-chart-canvas" data-testid="revenue-chart">
        <div className="rc-y" aria-hidden="true">
          {ticks.map((v) => (
            <span key={v} style={{ bottom: `${(v / top) * 100}%` }}>
              {v.toLocaleString('de-CH')}
            </span>
          ))}
        </div>
        <svg className="rc-plot" viewBox={`0 0 ${width} ${PLOT}`} preserveAspectRatio="none" role="img" aria-label={label}>
          {ticks.map((v) => (
            <line key={v} className="rc-grid" x1={0} x2={width} y1={PLOT - (v / top) * PLOT} y2={PLOT - (v / top) * PLOT} vectorEffect="non-scaling-stroke" />
          ))}
          {points.map((p, i) => {
            const h = (p.revenue / 100 / top) * PLOT;
            return (
              <rect key={p.period} className="rc-bar" x={i * SLOT + SLOT * 0.15} y={PLOT - h} width={SLOT * 0.7} height={h}>
                <title>{`${formatPeriod(p.period)}: ${formatMoney(p.revenue)}`}</title>
              </rect>
            );
          })}
        </svg>
        <div className="rc-x" aria-hidden="true">
          <span>{points[0] ? formatPeriod(points[0].period) : ''}</span>
          <span>{middle ? formatPeriod(middle.period) : ''}</span>
          <span>{points.length > 1 ? formatPeriod(points[points.length - 1]!.period) : ''}</span>
        </div>
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
