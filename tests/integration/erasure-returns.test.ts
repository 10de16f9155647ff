/**
 * Erasing a customer also erases their return requests (on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL): the IBAN and the free-text message are gone and the photos are deleted from
 * the photo store, in the erasure's transaction; the reason, lines, status and dates stay. The
 * review's reproduction: Bob pays a bank-transfer order, it is shipped, he asks for a return with
 * his IBAN, a message naming him, his street and phone, and a photo, then erases himself at
 * /profile; the admin's order page no longer shows any of it.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/accounts/password.ts';
import { eraseUser } from '../../core/accounts/privacy.ts';
import { ACCESS_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import { photoStore } from '../../core/catalogue/photo-store.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { orderReturns } from '../../core/db/schema/returns.ts';
import { findOrder } from '../../core/orders/index.ts';
import { requestReturn } from '../../core/returns/service.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer, type TestCustomer } from '../helpers/customers.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { paidShippedOrder } from '../helpers/payments.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let http: TestHttp;
let next = 0;
const IBAN = 'CH93 0076 2011 6238 5295 7';
const MESSAGE = 'I am Bob Test, Bahnhofstrasse 1, phone +41791234567';

beforeAll(async () => {
  ({ shop, http } = await openTestSuite({ http: true }));
});
afterAll(() => shop?.close());

/** Bob's shipped bank-transfer order with a return: IBAN, a message naming him, one photo. */
async function bobWithReturn(c: TestCustomer) {
  const o = await paidShippedOrder(shop, c, next++, 'admin-erasure-test');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8b4513' } })
    .jpeg()
    .toBuffer();
  const r = await requestReturn(shop, { orderId: o.id, userId: c.id, reason: 'damaged', message: MESSAGE, iban: IBAN, photos: [{ bytes: photo }] });
  const key = `returns/${r.id}/${r.photos[0].id}.${r.photos[0].ext}`;
  expect(await photoStore(shop.env).get(key)).not.toBeNull();
  return { order: (await findOrder(shop.db, o.id))!, ret: r, key };
}

describe('erasure and return requests', () => {
  it('an admin’s erasure drops the IBAN, the message and the photos; reason, lines and status stay', async () => {
    const bob = await createCustomer(shop);
    const { order, ret, key } = await bobWithReturn(bob);
    await eraseUser(shop, 'admin:someone', bob.id);
    const [after] = await shop.db.select().from(orderReturns).where(eq(orderReturns.id, ret.id));
    expect(after).toMatchObject({ iban: null, message: '(erased)', photos: [], reason: 'damaged', status: 'requested', lines: ret.lines, orderId: order.id });
    expect(await photoStore(shop.env).get(key)).toBeNull();
  });

  it('a customer erasing themself at /profile: the admin’s order page shows no IBAN, message or photo any more', async () => {
    const bob = await createCustomer(shop);
    await shop.db
      .update(users)
      .set({ passwordHash: await hashPassword('Bob-secret-42') })
      .where(eq(users.id, bob.id));
    const { order, ret, key } = await bobWithReturn(bob);
    const admin = await userWithCookie(shop, 'Admin');
    const before = await (await http.fetch(`/admin/order/details?id=${order.id}`, { cookie: admin.cookie })).text();
    expect(before).toContain('Bahnhofstrasse 1');
    expect(before).toContain(`/client/returnphoto?r=${ret.id}`);

    const erased = await http.postForm('/profile', { intent: 'erase', password: 'Bob-secret-42' }, `${cookieName(ACCESS_COOKIE, shop.env)}=${bob.token}`);
    expect(erased.status).toBe(200);
    const page = await http.fetch(`/admin/order/details?id=${order.id}`, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('Bahnhofstrasse 1');
    expect(html).not.toContain('+41791234567');
    expect(html).not.toContain('6238');
    expect(html).not.toContain(`/client/returnphoto?r=${ret.id}`);
    expect(await photoStore(shop.env).get(key)).toBeNull();
    const photo = await http.fetch(`/client/returnphoto?r=${ret.id}&p=${ret.photos[0].id}`, { cookie: admin.cookie });
    expect(photo.status).toBe(404);
  });
});
