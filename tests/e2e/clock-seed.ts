/**
 * Seeds the shared end-to-end data directory (playwright.config.ts webServer command, after
 * tests/e2e/checkout-seed.ts) for tests/e2e/clock.spec.ts: a verified adult customer with one
 * bank-transfer order placed at {@link CLOCK_ORDER_AT} (its row and its history), and a promo code valid from 28 Nov to
 * 31 Dec 2026 entered as days of the shop's zone. Idempotent.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../core/accounts/password.ts';
import { addToCart } from '../../core/cart/service.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { orderEvents, orders } from '../../core/db/schema/orders.ts';
import { promos } from '../../core/db/schema/promos.ts';
import { getSettings } from '../../core/config/service.ts';
import { endOfDay, startOfDay } from '../../core/i18n/dates.ts';
import { createOrder } from '../../core/orders/index.ts';
import { createPromo } from '../../core/promos/service.ts';
import { cigarsInStock } from '../helpers/catalogue.ts';
import { CLOCK_ORDER_AT, E2E_CLOCK_CUSTOMER } from './clock-env.ts';
import { openSeededShop } from './seeded-shop.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const [existing] = await shop.db.select({ id: users.id }).from(users).where(eq(users.id, E2E_CLOCK_CUSTOMER.id));
if (!existing) {
  await shop.db.insert(users).values({
    id: E2E_CLOCK_CUSTOMER.id,
    email: E2E_CLOCK_CUSTOMER.email,
    passwordHash: await hashPassword(E2E_CLOCK_CUSTOMER.password),
    firstName: 'Claudia',
    lastName: 'Meier',
    dateOfBirth: '1984-02-11',
    street: 'Seefeldstrasse 8',
    postalCode: '8008',
    city: 'Zürich',
    country: 'CH',
    role: 'Customer',
    locale: 'de',
    emailVerifiedAt: new Date(),
  });
  const [cigar] = await cigarsInStock(shop, 1);
  await addToCart(shop.db, E2E_CLOCK_CUSTOMER.id, cigar.id, 1, E2E_CLOCK_CUSTOMER.id);
  const o = await createOrder(shop, { userId: E2E_CLOCK_CUSTOMER.id, paymentMethod: 'qr-bill', locale: 'de' });
  await shop.db
    .update(orders)
    .set({ createdAt: new Date(CLOCK_ORDER_AT) })
    .where(eq(orders.id, o.id));
  // its history says when it was placed, too
  await shop.db
    .update(orderEvents)
    .set({ createdAt: new Date(CLOCK_ORDER_AT) })
    .where(eq(orderEvents.orderId, o.id));
  const [promo] = await shop.db.select({ id: promos.id }).from(promos).where(eq(promos.code, 'CLOCK28'));
  if (!promo) {
    const { timeZone } = await getSettings(shop.db);
    await createPromo(shop.db, {
      code: 'CLOCK28',
      kind: 'percent',
      value: 5,
      minOrder: 0,
      validFrom: startOfDay('2026-11-28', timeZone),
      validTo: endOfDay('2026-12-31', timeZone),
      usageLimit: null,
      active: true,
    });
  }
}
await shop.close();
