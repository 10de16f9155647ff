/**
 * Seeds a data directory for the VAT report walk (tests/e2e/vat.spec.ts): in the third quarter
 * of 2026, three bank-transfer orders paid at 8.1 % (one of them on 30 September at 23:40 in
 * Zurich), one paid while the shop's rate was set to 2.6 %, a credit note of part of the first,
 * and a cancelled order that is no turnover. Prints the report's document counts as JSON. Run once
 * on a fresh directory.
 */
import { hashPassword } from '../../core/accounts/password.ts';
import { addToCart } from '../../core/cart/service.ts';
import { updateSettings } from '../../core/config/service.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { createOrder, transitionOrder } from '../../core/orders/index.ts';
import { refundOrder } from '../../core/payments/refunds.ts';
import { recordPayment } from '../../core/payments/service.ts';
import { cigarsInStock } from '../helpers/catalogue.ts';
import { openSeededShop } from './seeded-shop.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const products = await cigarsInStock(shop, 5);
await updateSettings(shop.db, { vatRateBasisPoints: 810, shippingFee: 900, freeShippingThreshold: 15_000 });

/** A customer's bank-transfer order of `count` × product `i`, created at `at` and, unless null, paid in full at `paidAt`. */
async function order(i: number, count: number, at: string, paidAt: string | null) {
  const id = `e2e-vat-${i}`;
  await shop.db.insert(users).values({
    id,
    email: `vat-${i}@example.ch`,
    passwordHash: await hashPassword('Vat-E2e-Passw0rd'),
    firstName: 'Vreni',
    lastName: `Kunde ${i}`,
    dateOfBirth: '1979-06-02',
    street: 'Marktgasse 3',
    postalCode: '3011',
    city: 'Bern',
    country: 'CH',
    role: 'Customer',
    locale: 'de',
    emailVerifiedAt: new Date(),
  });
  await addToCart(shop.db, id, products[i].id, count, id);
  const o = await createOrder(shop, { userId: id, paymentMethod: 'qr-bill', locale: 'de', now: new Date(at) });
  if (paidAt)
    await recordPayment(
      shop,
      {
        provider: 'bank',
        providerRef: `seed-${o.code}`,
        orderRef: o.code,
        reference: o.paymentReference,
        amount: o.total,
        currency: 'CHF',
        exactAmount: false,
      },
      new Date(paidAt),
    );
  return o;
}

const first = await order(0, 3, '2026-07-08T08:00:00Z', '2026-07-09T09:00:00Z');
await order(1, 1, '2026-08-14T15:00:00Z', '2026-08-14T15:05:00Z');
await updateSettings(shop.db, { vatRateBasisPoints: 260 });
await order(2, 2, '2026-08-20T10:00:00Z', '2026-08-20T10:10:00Z');
await updateSettings(shop.db, { vatRateBasisPoints: 810 });
// 23:40 on 30 September in Zurich
await order(3, 1, '2026-09-30T21:35:00Z', '2026-09-30T21:40:00Z');
const cancelled = await order(4, 1, '2026-09-10T08:00:00Z', null);
await shop.db.transaction((tx) => transitionOrder(tx, cancelled.id, 'cancelled', 'system', 'seed', new Date('2026-09-11T08:00:00Z')));
await refundOrder(
  shop,
  first.id,
  { amount: Math.round(first.total / 3 / 5) * 5, restock: false, reason: 'Kiste beschädigt' },
  'seed',
  new Date('2026-09-02T12:00:00Z'),
);
await shop.close();
console.log(JSON.stringify({ invoices: 4, creditNotes: 1 }));
