import { describe, expect, it } from 'vitest';
import type { OrderWithLines } from '../db/index.ts';
import { orderSummary, orderSummaryText } from './order-summary.ts';

/** An order of a box (CHF 94.00) and a product (CHF 60.00), 10 % off with a code, CHF 20.00 bonus, CHF 9.00 shipping. */
const order = {
  code: 'ABCD1234',
  subtotal: 15400,
  discount: 1540,
  promoCode: 'FEST10',
  bonus: 2000,
  shippingFee: 900,
  total: 15400 - 1540 - 2000 + 900,
  lines: [
    {
      sku: 'CUSTOM-BOX',
      name: 'Mahogany humidor box for 20',
      count: 1,
      lineTotal: 9400,
      box: {
        modelId: 'mahogany-20',
        capacity: 20,
        boxPrice: 4500,
        messageKind: 'engraving',
        message: 'H. K. 1975',
        items: [{ productId: 'p1', sku: 'AF-1', name: 'Fuente Robusto', count: 2, unitPrice: 1000 }],
      },
    },
    { sku: 'ACC-1', name: 'Cutter', count: 2, lineTotal: 6000, box: null },
  ],
} as unknown as OrderWithLines;

describe('orderSummary', () => {
  it('lists every line and money row; the rows add up to the total', () => {
    const s = orderSummary('fr', order);
    expect(s.items[0]).toMatchObject({ name: 'Coffret humidor en acajou pour 20 cigares', contents: [{ count: 2, name: 'Fuente Robusto', sku: 'AF-1' }] });
    expect(s.items[0].message).toEqual({ label: 'Gravure', text: 'H. K. 1975' });
    const rows = s.rows.filter((r) => !r.total);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(order.total);
    expect(s.items.reduce((sum, i) => sum + i.amount, 0)).toBe(order.subtotal);
    const text = orderSummaryText('de', orderSummary('de', order)).join('\n');
    expect(text).toContain('Rabatt (FEST10): −CHF 15.40');
    expect(text).toContain('Bonusguthaben: −CHF 20.00');
    expect(text).toContain('Total: CHF 127.60');
  });
});
