/**
 * Release day on the production layout: Caddy in front of two app processes of the built shop on
 * one PostgreSQL and one Redis (scripts/lib/cluster.ts). Through Caddy (round-robin, so
 * concurrent calls land on both processes): a release is refused before its time; 50 buyers for
 * 10 units make exactly 10 orders; the limit per customer holds across parallel orders of
 * several accounts at one address; six parallel checkouts of one cart make one order. Runs on the
 * PostgreSQL pass of the suite when TEST_REDIS_URL is set too (vitest.config.ts); it uses Redis
 * database 12 of that server alone and empties it first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { productReleases } from '../../core/db/schema/releases.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer, customersAt, productWith, stockOf, type TestCustomer } from '../helpers/customers.ts';
import { startTestCluster, type TestCluster } from '../helpers/cluster.ts';

const redisUrl = `${(process.env.TEST_REDIS_URL ?? '').replace(/\/\d*$/, '')}/12`;
const secret = 'release-cluster-test-secret-'.padEnd(48, 'x');
let front: TestCluster['front'];
let shop: Shop;
let t: TestCluster | undefined;

type Answer = { status: number; body: any };
/** A JSON call through Caddy (https, round-robin over both processes). */
async function viaCaddy(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await front.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: res.text.startsWith('{') ? JSON.parse(res.text) : res.text };
}
const order = (c: TestCustomer, paymentMethod = 'sandbox') => viaCaddy('/api/order/create', { userID: c.id, paymentMethod }, c.headers);
const add = (c: TestCustomer, productID: string) => viaCaddy('/api/cart/addProduct', { userID: c.id, productID, count: 1 }, c.headers);
/** Customers at addresses of their own (the limit per customer counts per address too), or all at one. */
async function customers(n: number, sameAddress = false): Promise<TestCustomer[]> {
  if (sameAddress) return Promise.all(Array.from({ length: n }, () => createCustomer(shop)));
  return customersAt(shop, n, (i) => ({ street: `Bahnhofstrasse ${i + 1}` }));
}

beforeAll(async () => {
  t = await startTestCluster(redisUrl, secret);
  ({ front, shop } = t);
}, 240_000);
afterAll(() => t?.stop());

describe('release day behind Caddy with two app processes on PostgreSQL', () => {
  it('a release is refused before its time, by both processes', async () => {
    const p = await productWith(shop, 100, 45_000, 10);
    await shop.db.insert(productReleases).values({ productId: p.id, opensAt: new Date(Date.now() + 3_600_000) });
    const [c] = await customers(1);
    const answers = await Promise.all([add(c, p.id), add(c, p.id), add(c, p.id), add(c, p.id)]);
    expect(answers.map((a) => a.status)).toEqual([409, 409, 409, 409]);
    for (const a of answers) expect(a.body.message).toMatch(/goes on sale on/);
  });

  it('50 concurrent buyers for 10 units of an open release: exactly 10 orders, 40 told sold out', async () => {
    const p = await productWith(shop, 10, 45_000, 11);
    await shop.db.insert(productReleases).values({ productId: p.id, opensAt: new Date(Date.now() - 1000), perCustomerLimit: 1 });
    const buyers = await customers(50);
    const adds = await Promise.all(buyers.map((c) => add(c, p.id)));
    expect(adds.filter((a) => a.status === 200)).toHaveLength(50);
    const answers = await Promise.all(buyers.map((c) => order(c)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual(Array(40).fill(409));
    expect(await stockOf(shop, p.id)).toBe(0);
  });

  it('the limit per customer holds across parallel orders of eight accounts at one address', async () => {
    const p = await productWith(shop, 50, 45_000, 12);
    await shop.db.insert(productReleases).values({ productId: p.id, opensAt: new Date(Date.now() - 1000), perCustomerLimit: 2 });
    const buyers = await customers(8, true);
    for (const c of buyers) await addToCart(shop.db, c.id, p.id, 1, c.id);
    const answers = await Promise.all(buyers.map((c) => order(c, 'qr-bill')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.body.message).toMatch(/limit reached/);
    expect(await stockOf(shop, p.id)).toBe(48);
  });

  it('six parallel checkouts of one cart on both processes make one order', async () => {
    const p = await productWith(shop, 20, 2_000, 13);
    const [c] = await customers(1);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(c, 'qr-bill')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(await shop.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    expect(await stockOf(shop, p.id)).toBe(19);
  });
});
