/**
 * Seeds a data directory for the admin walk (tests/e2e/admin-shop.spec.ts) and the admin
 * screenshots: the starting catalogue, an Italian-speaking customer and orders of theirs — one
 * paid through the sandbox provider (to ship and refund), one awaiting a bank transfer, one paid
 * and shipped earlier — so lists, dashboard and details have something to show. Prints the paid
 * order's code and id, its product id and the customer id as JSON. Idempotent per directory only in the sense that it is run
 * once on a fresh one.
 */
import { randomUUID } from 'node:crypto';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart } from '../../core/cart/service.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { createOrder } from '../../core/orders/index.ts';
import { openSeededShop } from './seeded-shop.ts';
import { eq } from 'drizzle-orm';
import { cigarsInStock } from '../helpers/catalogue.ts';
import { payInFull } from '../helpers/payments.ts';

export const ADMIN_WALK_CUSTOMER = { email: 'giulia.bernasconi@example.ch', firstName: 'Giulia', lastName: 'Bernasconi' };

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const id = randomUUID();
await shop.db.insert(users).values({
  id,
  email: ADMIN_WALK_CUSTOMER.email,
  passwordHash: 'not-used',
  firstName: ADMIN_WALK_CUSTOMER.firstName,
  lastName: ADMIN_WALK_CUSTOMER.lastName,
  dateOfBirth: '1979-03-02',
  street: 'Via Nassa 5',
  postalCode: '6900',
  city: 'Lugano',
  country: 'CH',
  role: 'Customer',
  locale: 'it',
  emailVerifiedAt: new Date(),
});
const list = await cigarsInStock(shop, 4);
await shop.db.update(products).set({ stock: 3 }).where(eq(products.id, list[3].id));
const order = async (productId: string, count: number, method: 'sandbox' | 'qr-bill', pay: boolean) => {
  await addToCart(shop.db, id, productId, count, id);
  const o = await createOrder(shop, { userId: id, paymentMethod: method, locale: 'it' });
  if (pay) await payInFull(shop, o, method, `seed-${o.code}`);
  return o;
};
await order(list[1].id, 1, 'qr-bill', true);
await order(list[2].id, 2, 'qr-bill', false);
const paid = await order(list[0].id, 2, 'sandbox', true);
await shop.close();
console.log(JSON.stringify({ code: paid.code, orderId: paid.id, productId: list[0].id, userId: id }));
