/**
 * The dashboard's revenue bars are drawn on the server (no script needed to see them): one bar per
 * period with its period and amount as a tooltip, scaled to a round top tick, plus the table.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RevenueChart, revenueTicks } from './RevenueChart.tsx';

describe('revenueTicks', () => {
  it('0 and round steps (1, 2 or 5 × 10ⁿ) up to the first one at or above the maximum', () => {
    expect(revenueTicks(0)).toEqual([0, 1]);
    expect(revenueTicks(Number.NaN)).toEqual([0, 1]);
    expect(revenueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(revenueTicks(90)).toEqual([0, 50, 100]);
    expect(revenueTicks(1234.5)).toEqual([0, 500, 1000, 1500]);
    expect(revenueTicks(8000)).toEqual([0, 2000, 4000, 6000, 8000]);
  });
});

describe('RevenueChart', () => {
  it('renders an SVG bar per period on the server, the tallest reaching its share of the top tick, and the same figures as a table', () => {
    const points = [
      { period: '2026-11-01', revenue: 0, orders: 0 },
      { period: '2026-11-02', revenue: 4500, orders: 1 },
      { period: '2026-11-03', revenue: 9000, orders: 2 },
    ];
    const html = renderToString(
      createElement(RevenueChart, {
        points,
        label: 'Revenue per day',
        formatMoney: (r: number) => `CHF ${(r / 100).toFixed(2)}`,
        formatPeriod: (p: string) => p.slice(5),
        periodHeading: 'Day',
        revenueHeading: 'Revenue',
        ordersHeading: 'Orders',
      }),
    );
    expect(html).toContain('<svg class="rc-plot"');
    expect(html).toContain('aria-label="Revenue per day"');
    const bars = [...html.matchAll(/<rect class="rc-bar"[^>]*height="([\d.]+)"[^>]*><title>([^<]*)<\/title>/g)];
    expect(bars.map((b) => b[2])).toEqual(['11-01: CHF 0.00', '11-02: CHF 45.00', '11-03: CHF 90.00']);
    // CHF 90 on an axis 0–100: 90 % of the plot's height
    expect(bars.map((b) => Number(b[1]))).toEqual([0, 45, 90]);
    expect(html).toMatch(/<td>11-03<\/td><td class="num">2<\/td><td class="num">CHF 90.00<\/td>/);
  });
});
