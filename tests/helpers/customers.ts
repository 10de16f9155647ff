/** Customers for checkout tests: rows inserted directly, tokens from issueAccessToken. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { issueAccessToken } from '../../core/accounts/auth.ts';
import { addToCart, newAnonymousCartId } from '../../core/cart/service.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from './api.ts';

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

/**
 * Customers of their own, each at the address `address(i)` gives the i-th (street and postal code
 * over createCustomer's Zürich one): the limit per customer counts per delivery address too.
 */
export async function customersAt(shop: Shop, n: number, address: (i: number) => { street: string; postalCode?: string }): Promise<TestCustomer[]> {
  const list = await Promise.all(Array.from({ length: n }, () => createCustomer(shop)));
  await Promise.all(list.map((c, i) => shop.db.update(users).set(address(i)).where(eq(users.id, c.id))));
  return list;
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

/**
 * A new customer (options as `createCustomer`) with `count` units (default 1) in the cart of the
 * `index`-th catalogue product, set to `stock` and `basePrice` (Rappen) as `productWith` does.
 * @returns the product (`p`) and the customer (`c`).
 */
export async function customerWithCart(
  shop: Shop,
  product: { stock: number; basePrice: number; index: number; count?: number },
  opts: Parameters<typeof createCustomer>[1] = {},
): Promise<{ p: Awaited<ReturnType<typeof productWith>>; c: TestCustomer }> {
  const p = await productWith(shop, product.stock, product.basePrice, product.index);
  const c = await createCustomer(shop, opts);
  await addToCart(shop.db, c.id, p.id, product.count ?? 1, c.id);
  return { p, c };
}

/**
 * A customer's card order (Datatrans) whose payment page was opened through the API: a cart of the
 * `index`-th product (stock 10, CHF 89.00), `/order/create` and `/payment/start`.
 * @returns the customer, the created order, the provider's payment page and its transaction id.
 * @throws Error when the API refuses the order or the payment start.
 */
export async function datatransOrderStarted(shop: Shop, api: ApiClient, index: number) {
  const { c } = await customerWithCart(shop, { stock: 10, basePrice: 8900, index });
  const created = await api.post('/order/create', { userID: c.id, paymentMethod: 'datatrans' }, c.headers);
  if (created.status !== 201) throw new Error(`order/create answered ${created.status}`);
  const started = await api.post('/payment/start', { orderID: created.body.order._id }, c.headers);
  if (started.status !== 200) throw new Error(`payment/start answered ${started.status}`);
  const redirectUrl = started.body.redirectUrl as string;
  const transactionId = /\/v1\/start\/(\d+)$/.exec(redirectUrl)?.[1] ?? '';
  return { c, order: created.body.order as { _id: string; code: string; total: number }, redirectUrl, transactionId };
}

/** Current stock of a product. */
export async function stockOf(shop: Shop, productId: string): Promise<number> {
  const [p] = await shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return p.stock;
}

/**
 * Two carts to merge at log-in: a new anonymous cart and the cart of user `userId`, over two active
 * products with more than 5 in stock (`p`, `q`); `p`'s stock is then set to `stock`.
 * @param anonymous units of `p` and `q` put in the anonymous cart.
 * @param own units of `p` and `q` put in the user's cart (0: none).
 * @returns the two products and the anonymous cart's id.
 */
export async function cartsToMerge(
  shop: Shop,
  userId: string,
  counts: { stock: number; anonymous: [number, number]; own: [number, number] },
): Promise<{ p: { id: string }; q: { id: string }; anon: string }> {
  const [p, q] = await shop.db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.stock} > 5 and ${products.active}`)
    .limit(2);
  await shop.db.update(products).set({ stock: counts.stock }).where(eq(products.id, p.id));
  const anon = newAnonymousCartId();
  await addToCart(shop.db, anon, p.id, counts.anonymous[0]);
  await addToCart(shop.db, anon, q.id, counts.anonymous[1]);
  if (counts.own[0]) await addToCart(shop.db, userId, p.id, counts.own[0], userId);
  if (counts.own[1]) await addToCart(shop.db, userId, q.id, counts.own[1], userId);
  return { p, q, anon };
}
