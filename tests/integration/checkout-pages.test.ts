/**
 * Checkout pages on the server: who may see and do what (loaders and actions called as React
 * Router calls them), on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../core/accounts/auth.ts';
import { addToCart } from '../../core/cart/service.ts';
import { orderEvents, orders } from '../../core/db/schema/orders.ts';
import { createOrder } from '../../core/orders/service.ts';
import type { Shop } from '../../core/shop.ts';
import * as adminOrderEdit from '../../app/routes/admin/order.edit.tsx';
import * as payment from '../../app/routes/payment.tsx';
import * as invoice from '../../app/resources/invoice.server.ts';
import * as details from '../../app/routes/client/historydetails.tsx';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { createTestShop } from '../helpers/shop.ts';

let shop: Shop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const ctx = (auth: AuthUser | null) => ({
  shop,
  auth,
  lang: 'en',
  origin: 'http://shop.test',
  cartKey: auth?.userId ?? 'anon-cart-id-0123456789abcdef',
  anonCartId: 'anon-cart-id-0123456789abcdef',
  theme: null,
  nonce: '',
});
const args = (url: string, auth: AuthUser | null, form?: Record<string, string>) =>
  ({
    request: new Request(`http://shop.test${url}`, form ? { method: 'POST', body: new URLSearchParams(form) } : undefined),
    url: new URL(`http://shop.test${url}`),
    context: ctx(auth),
    params: {},
  }) as never;

/** The status (and headers) of what a loader/action threw: a Response, or React Router's `data(…, { status })`. */
async function caught(p: Promise<unknown>): Promise<{ status: number; headers: Headers }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    const init = (e as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, headers: new Headers() };
    throw e;
  }
  throw new Error('expected a thrown response');
}

async function pendingOrder(index: number) {
  const p = await productWith(shop, 10, 3000, index);
  const c = await createCustomer(shop);
  await addToCart(shop.db, c.id, p.id, 1, c.id);
  const o = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
  return { c, o, auth: { userId: c.id, role: 'Customer' as const } };
}

describe('/payment', () => {
  it('sends anonymous visitors to log in and come back', async () => {
    const r = await caught(payment.loader(args('/payment', null)));
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/login?redirectTo=%2Fpayment');
  });

  it('refuses an under-18 customer with a clear message, taking no stock', async () => {
    const p = await productWith(shop, 3, 3000, 50);
    const y = new Date().getUTCFullYear();
    const c = await createCustomer(shop, { dateOfBirth: `${y - 16}-03-03` });
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const res = (await payment.action(
      args(
        '/payment',
        { userId: c.id, role: 'Customer' },
        { intent: 'pay', paymentMethod: 'sandbox', firstName: 'A', lastName: 'B', street: 'Weg 1', postalCode: '8000', city: 'Zürich', country: 'CH' },
      ),
    )) as unknown as { init: { status: number }; data: { error: string } };
    expect(res.init.status).toBe(403);
    expect(res.data.error).toMatch(/at least 18/);
  });

  it('places the order and sends the customer to the sandbox page', async () => {
    const p = await productWith(shop, 3, 3000, 51);
    const c = await createCustomer(shop);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const r = (await payment.action(
      args(
        '/payment',
        { userId: c.id, role: 'Customer' },
        { intent: 'pay', paymentMethod: 'sandbox', firstName: 'Anna', lastName: 'Muster', street: 'Weg 1', postalCode: '8000', city: 'Zürich', country: 'CH' },
      ),
    )) as Response;
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toMatch(/^http:\/\/shop\.test\/sandbox-pay\?order=/);
  });
});

describe("customer pages show only one's own orders", () => {
  it('history details and invoice download are "not found" for another customer', async () => {
    const { o, auth } = await pendingOrder(52);
    const other = await createCustomer(shop);
    const otherAuth = { userId: other.id, role: 'Customer' as const };
    const mine = (await details.loader(args(`/client/historydetails?id=${o.code}`, auth))) as { title: string };
    expect(mine.title).toBe(`Order ${o.code}`);
    expect((await caught(details.loader(args(`/client/historydetails?id=${o.code}`, otherAuth)))).status).toBe(404);
    const pdf = (await invoice.loader(args(`/client/invoice?id=${o.code}`, auth))) as Response;
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await caught(invoice.loader(args(`/client/invoice?id=${o.code}`, otherAuth)))).status).toBe(404);
  });
});

describe('/admin/order/edit', () => {
  it('only admins may change a status; only allowed transitions; recorded with the admin as actor', async () => {
    const { o, auth } = await pendingOrder(53);
    expect((await caught(adminOrderEdit.action(args('/admin/order/edit', auth, { id: o.id, to: 'cancelled' })))).status).toBe(403);
    const admin = await createCustomer(shop, { role: 'Admin' });
    const adminAuth = { userId: admin.id, role: 'Admin' as const };
    const refused = (await adminOrderEdit.action(args('/admin/order/edit', adminAuth, { id: o.id, to: 'shipped' }))) as unknown as {
      init: { status: number };
      data: { error: string };
    };
    expect(refused.init.status).toBe(409);
    const ok = (await adminOrderEdit.action(args('/admin/order/edit', adminAuth, { id: o.id, to: 'cancelled', note: 'customer asked' }))) as Response;
    expect(ok.status).toBe(302);
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe('cancelled');
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(events).toContainEqual(
      expect.objectContaining({ fromStatus: 'pending_payment', toStatus: 'cancelled', actor: `admin:${admin.id}`, note: 'customer asked' }),
    );
  });
});
