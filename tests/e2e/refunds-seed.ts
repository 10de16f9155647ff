/**
 * Seeds a data directory for the refunds-to-pay walk (tests/e2e/refunds.spec.ts): two customers
 * with a shipped bank-transfer (QR-bill) order each whose return was accepted, so two refunds
 * with the customers' IBANs wait to be paid. Prints their credit note numbers as JSON. Run once
 * on a fresh directory.
 */
import { hashPassword } from '../../core/accounts/password.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart } from '../../core/cart/service.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { createOrder } from '../../core/orders/index.ts';
import { acceptReturn, requestReturn } from '../../core/returns/service.ts';
import { openSeededShop } from './seeded-shop.ts';
import { cigarsInStock } from '../helpers/catalogue.ts';
import { payInFull } from '../helpers/payments.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const list = await cigarsInStock(shop, 2);
const people = [
  { id: 'e2e-refund-1', first: 'Lena', last: 'Brändli', email: 'lena.braendli@example.ch', iban: 'CH93 0076 2011 6238 5295 7', product: list[0] },
  { id: 'e2e-refund-2', first: 'Jean-Luc', last: 'Rochat-Müller', email: 'jl.rochat@example.ch', iban: 'CH56 0483 5012 3456 7800 9', product: list[1] },
];
const creditNotes: string[] = [];
for (const p of people) {
  await shop.db.insert(users).values({
    id: p.id,
    email: p.email,
    passwordHash: await hashPassword('Refunds-E2e-Passw0rd'),
    firstName: p.first,
    lastName: p.last,
    dateOfBirth: '1980-03-14',
    street: 'Spalenberg 14',
    postalCode: '4051',
    city: 'Basel',
    country: 'CH',
    role: 'Customer',
    locale: 'de',
    emailVerifiedAt: new Date(),
  });
  await addToCart(shop.db, p.id, p.product.id, 2, p.id);
  const o = await createOrder(shop, { userId: p.id, paymentMethod: 'qr-bill', locale: 'de' });
  await payInFull(shop, o, 'qr-bill', `seed-${o.code}`);
  await shipOrder(shop, o.id, { carrier: 'swiss-post', trackingNumber: '99.60.123456.87654321' }, 'seed', new Date(Date.now() - 86_400_000));
  const r = await requestReturn(shop, { orderId: o.id, userId: p.id, reason: 'damaged', message: 'Kiste zerdrückt', iban: p.iban });
  const { refund } = await acceptReturn(shop, r.id, { restock: false }, 'seed');
  creditNotes.push(refund.creditNoteNumber!);
}
await shop.close();
console.log(JSON.stringify({ creditNotes }));
