/**
 * Checkout pages on the server: who may see and do what (loaders and actions called as React
 * Router calls them), on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../core/accounts/auth.ts';
import { orderEvents, orders } from '../../core/db/schema/orders.ts';
import { createOrder } from '../../core/orders/index.ts';
import type { Shop } from '../../core/shop.ts';
import * as adminOrderEdit from '../../app/routes/admin/order.edit.tsx';
import * as payment from '../../app/routes/payment.tsx';
import * as invoice from '../../app/resources/invoice.server.ts';
import * as details from '../../app/routes/client/historydetails.tsx';
import { createCustomer, customerWithCart, type TestCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
beforeAll(async () => {
  ({ shop } = await openTestSuite());
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
  const { c } = await customerWithCart(shop, { stock: 10, basePrice: 3000, index });
  const o = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
  return { c, o, auth: { userId: c.id, role: 'Customer' as const } };
}

/** The /payment form posted by customer `c`: pay by sandbox, delivering to `firstName lastName` at Weg 1, 8000 Zürich. */
const paySandbox = (c: TestCustomer, firstName: string, lastName: string) =>
  payment.action(
    args(
      '/payment',
      { userId: c.id, role: 'Customer' },
      { intent: 'pay', paymentMethod: 'sandbox', firstName, lastName, street: 'Weg 1', postalCode: '8000', city: 'Zürich', country: 'CH' },
    ),
  );

describe('/payment', () => {
  it('sends anonymous visitors to log in and come back', async () => {
    const r = await caught(payment.loader(args('/payment', null)));
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/login?redirectTo=%2Fpayment');
  });

  it('refuses an under-18 customer with a clear message, taking no stock', async () => {
    const y = new Date().getUTCFullYear();
    const { c } = await customerWithCart(shop, { stock: 3, basePrice: 3000, index: 50 }, { dateOfBirth: `${y - 16}-03-03` });
    const res = (await paySandbox(c, 'A', 'B')) as unknown as { init: { status: number }; data: { error: string } };
    expect(res.init.status).toBe(403);
    expect(res.data.error).toMatch(/at least 18/);
  });

  it('places the order and sends the customer to the sandbox page', async () => {
    const { c } = await customerWithCart(shop, { stock: 3, basePrice: 3000, index: 51 });
    const r = (await paySandbox(c, 'Anna', 'Muster')) as Response;
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
