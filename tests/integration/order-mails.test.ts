/**
 * Order e-mails through a real (in-process) SMTP server: "order received" with the QR-bill and
 * "payment received" with the invoice PDF, in the customer's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCamt054 } from '../../core/payments/camt054.ts';
import { chfToRappen, rappenToDecimalString } from '../../core/pricing/money.ts';
import type { Shop } from '../../core/shop.ts';
import { apiClient } from '../helpers/api.ts';
import { camt054 } from '../helpers/camt054.ts';
import { customerWithCart } from '../helpers/customers.ts';
import type { TestSmtp } from '../helpers/smtp.ts';
import { openTestSuite } from '../helpers/suite.ts';

let smtp: TestSmtp;
let shop: Shop;

beforeAll(async () => ({ shop, smtp } = await openTestSuite({ smtp: true })));
afterAll(() => shop?.close());

describe('order e-mails', () => {
  it('sends "order received" with the QR-bill, then "payment received" with the invoice, in German', async () => {
    const { c } = await customerWithCart(shop, { stock: 5, basePrice: 16000, index: 60 }, { locale: 'de' });
    const api = apiClient(shop);
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, { ...c.headers, 'accept-language': 'de' });
    expect(res.status).toBe(201);
    const { code, total } = res.body.order as { code: string; total: number };
    const first = smtp.mails.filter((m) => m.to.includes(c.email));
    expect(first).toHaveLength(1);
    expect(first[0].raw).toMatch(new RegExp(`Subject: .*${code}`));
    expect(first[0].raw).toContain(`filename=qr-bill-${code}.pdf`);
    expect(first[0].raw).toContain('Content-Type: application/pdf');

    const [order] = await shop.db.query.orders.findMany({ where: (o, { eq }) => eq(o.code, code) });
    const s = await importCamt054(
      shop,
      camt054([{ acctSvcrRef: 'MAIL-1', amount: rappenToDecimalString(chfToRappen(total)), reference: order.paymentReference! }]),
    );
    expect(s.paidOrders).toEqual([code]);
    const all = smtp.mails.filter((m) => m.to.includes(c.email));
    expect(all).toHaveLength(2);
    expect(all[1].raw).toContain(`filename=invoice-${new Date().getUTCFullYear()}-${code}.pdf`);
    expect(all[1].raw).toMatch(/Subject: =\?UTF-8\?Q\?Zahlung|Subject: Zahlung/);
  });
});
