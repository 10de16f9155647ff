/** Customers for checkout tests: rows inserted directly, tokens from issueAccessToken. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../../core/accounts/auth.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import type { Shop } from '../../core/shop.ts';

export type TestCustomer = { id: string; email: string; token: string; headers: Record<string, string> };

/** Inserts a verified customer (adult, Zürich address unless overridden) and signs a token. */
export async function createCustomer(
  shop: Shop,
  opts: { dateOfBirth?: string; role?: 'Customer' | 'Influencer' | 'Admin'; locale?: string; country?: string } = {},
): Promise<TestCustomer> {
  const id = randomUUID();
  const email = `c-${id.slice(0, 8)}@example.ch`;
  await shop.db.insert(users).values({
    id,
    email,
    passwordHash: 'not-used-in-these-tests',
    firstName: 'Anna',
    lastName: 'Muster',
    dateOfBirth: opts.dateOfBirth ?? '1985-04-12',
    street: 'Seestrasse 5',
    postalCode: '8002',
    city: 'Zürich',
    country: opts.country ?? 'CH',
    role: opts.role ?? 'Customer',
    locale: opts.locale ?? 'en',
    emailVerifiedAt: new Date(),
  });
  const token = await issueAccessToken(shop, { userId: id, role: opts.role ?? 'Customer' });
  return { id, email, token, headers: { accestoken: token } };
}

/** A product of the catalogue with a given stock and price (Rappen), no discount. */
export async function productWith(shop: Shop, stock: number, basePrice = 2000, index = 0): Promise<{ id: string; name: string; sku: string }> {
  const rows = await shop.db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(products.sku)
    .limit(index + 1);
  const p = rows[index];
  await shop.db.update(products).set({ stock, basePrice, discountPercent: 0 }).where(eq(products.id, p.id));
  return p;
}

/** Current stock of a product. */
export async function stockOf(shop: Shop, productId: string): Promise<number> {
  const [p] = await shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return p.stock;
}
