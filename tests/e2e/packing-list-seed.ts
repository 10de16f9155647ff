/**
 * Seeds a data directory for the packing-list spec (tests/e2e/packing-list.spec.ts): a German
 * customer's paid bank-transfer order of a cedar box for 10 (five cigars, one twice) with a gift
 * card, one more cigar box product, and the promo code FEST10. Prints the order's code and id as JSON.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { addToCart } from '../../core/cart/service.ts';
import { applyPromoCode } from '../../core/cart/promo.ts';
import { createBox } from '../../core/cart/boxes.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { createOrder } from '../../core/orders/index.ts';
import { createPromo } from '../../core/promos/service.ts';
import { payInFull } from '../helpers/payments.ts';
import { openSeededShop } from './seeded-shop.ts';

/** The gift card's text the packing list must show. */
export const PACKING_GIFT = 'Alles Gute zum 50. Geburtstag, Hans!';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const id = randomUUID();
await shop.db.insert(users).values({
  id,
  email: 'hans.keller@example.ch',
  passwordHash: 'not-used',
  firstName: 'Hans',
  lastName: 'Keller',
  dateOfBirth: '1976-05-02',
  street: 'Bahnhofstrasse 12',
  postalCode: '8001',
  city: 'Zürich',
  country: 'CH',
  role: 'Customer',
  locale: 'de',
  emailVerifiedAt: new Date(),
});
const singles = await shop.db
  .select({ id: products.id })
  .from(products)
  .where(and(eq(products.category, 'cigar'), eq(products.unitsPerPackage, 1)))
  .orderBy(products.sku)
  .limit(5);
for (const s of singles) await shop.db.update(products).set({ stock: 40, active: true }).where(eq(products.id, s.id));
await createBox(shop.db, id, { modelId: 'cedar-10', items: singles.map((s, i) => ({ productId: s.id, count: i === 0 ? 2 : 1 })), message: PACKING_GIFT }, id);
const [other] = await shop.db
  .select({ id: products.id })
  .from(products)
  .where(and(eq(products.active, true), ne(products.category, 'cigar')))
  .orderBy(products.sku)
  .limit(1);
await shop.db.update(products).set({ stock: 20 }).where(eq(products.id, other.id));
await addToCart(shop.db, id, other.id, 1, id);
await createPromo(shop.db, { code: 'FEST10', kind: 'percent', value: 10, minOrder: 0, active: true });
await applyPromoCode(shop.db, id, 'FEST10', id);
const o = await createOrder(shop, { userId: id, paymentMethod: 'qr-bill', locale: 'de' });
await payInFull(shop, o, 'qr-bill', `seed-${o.code}`);
await shop.close();
console.log(JSON.stringify({ code: o.code, orderId: o.id }));
