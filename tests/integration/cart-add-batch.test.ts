/**
 * Group commit of anonymous cart adds (core/cart/add-statement.ts): adds arriving
 * together share one statement, and every caller gets exactly the answer or error that one
 * statement per add, in arrival order, gives — also for several adds to one cart, unknown and
 * unlisted products, stock conflicts, registered users' ids, and when the shared statement fails.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../core/db/schema/catalogue.ts';
import { addToCart, getCart, newAnonymousCartId, type Cart } from '../../core/cart/service.ts';
import { queryCount } from '../../core/db/client.ts';
import { DomainError } from '../../core/errors.ts';
import type { Shop } from '../../core/shop.ts';
import { cartTestProducts } from '../helpers/catalogue.ts';
import { createCustomer } from '../helpers/customers.ts';
import { apiClient } from '../helpers/api.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let hemingway: string; // stock 64
let opusx: string; // stock 8
let opusxDouble: string; // stock 0
let chateau: string; // stock 22
let unlisted: string;
let userId: string;

beforeAll(async () => {
  ({ shop } = await openTestSuite());
  ({ hemingway, opusx, opusxDouble, chateau } = await cartTestProducts(shop));
  // a listed product, none of the above, unlisted for these tests
  const [spare] = await shop.db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(products.sku).limit(1).offset(10);
  unlisted = spare.id;
  await shop.db.update(products).set({ active: false }).where(eq(products.id, unlisted));
  userId = (await createCustomer(shop)).id;
});
afterAll(async () => {
  await shop?.close();
});

type Add = { cart: number; productId: string; count: number };
/** What a caller got, with the cart key replaced by its slot, so that two runs compare. */
type Outcome = { cart: unknown } | { domainError: { code: string; message: string } } | { databaseError: string | undefined };

function slotOf(keys: string[], cart: Cart | null): unknown {
  return cart && { ...cart, cartKey: keys.indexOf(cart.cartKey) };
}

async function outcome(keys: string[], a: Add): Promise<Outcome> {
  try {
    return { cart: slotOf(keys, await addToCart(shop.db, keys[a.cart], a.productId, a.count, null, { unlessUser: true })) };
  } catch (e) {
    if (e instanceof DomainError) return { domainError: { code: e.code, message: e.message } };
    return { databaseError: (e as { code?: string }).code };
  }
}

/** Cart keys for `n` slots: new anonymous ids, and the registered user's id in slot `userSlot`. */
function cartKeys(n: number, userSlot = -1): string[] {
  return Array.from({ length: n }, (_, i) => (i === userSlot ? userId : newAnonymousCartId()));
}

/**
 * Runs `adds` all at once (so they are batched) and, on other carts, one after the other; both
 * must give the same outcomes and leave the same carts.
 * @param opts.cartsRead several adds go to one cart: an add to an existing cart answers the cart
 *   read after its statement, which on PostgreSQL may already hold a later add to it (as for
 *   concurrent requests without batching), so only whether each add succeeded is compared.
 * @returns the statements sent by the parallel and by the sequential run.
 */
async function compareWithSequential(
  adds: Add[],
  slots: number,
  opts: { userSlot?: number; cartsRead?: boolean } = {},
): Promise<{ parallel: number; sequential: number }> {
  const userSlot = opts.userSlot ?? -1;
  const together = cartKeys(slots, userSlot);
  const alone = cartKeys(slots, userSlot);
  let before = queryCount();
  const parallel = await Promise.all(adds.map((a) => outcome(together, a)));
  const parallelStatements = queryCount() - before;
  before = queryCount();
  const sequential: Outcome[] = [];
  for (const a of adds) sequential.push(await outcome(alone, a));
  const sequentialStatements = queryCount() - before;
  const kind = (o: Outcome) => ('cart' in o ? (o.cart === null ? 'null' : 'added') : o);
  if (opts.cartsRead) expect(parallel.map(kind)).toEqual(sequential.map(kind));
  else expect(parallel).toEqual(sequential);
  for (let s = 0; s < slots; s++) {
    if (s === userSlot) continue;
    expect(slotOf(together, await getCart(shop.db, together[s])), `cart ${s}`).toEqual(slotOf(alone, await getCart(shop.db, alone[s])));
  }
  return { parallel: parallelStatements, sequential: sequentialStatements };
}

describe('anonymous adds arriving together', () => {
  it('share one statement and each answer is the one it gets alone (new carts, bad ids, stock, users)', async () => {
    const adds: Add[] = [];
    for (let i = 0; i < 40; i++) {
      const productId = [hemingway, chateau, opusx, opusxDouble, 'nope', unlisted][i % 6];
      adds.push({ cart: i, productId, count: productId === opusx ? 1 + (i % 9) : 1 + (i % 3) }); // opusx: 9 > stock 8
    }
    adds.push({ cart: 40, productId: hemingway, count: 2 }); // a registered user's id: null, nothing written
    const { parallel, sequential } = await compareWithSequential(adds, 41, { userSlot: 40 });
    expect(parallel).toBeLessThan(sequential / 4);
  });

  it('never put two adds to one cart into one batch: they run in arrival order', async () => {
    const key = newAnonymousCartId();
    const before = queryCount();
    const answers = await Promise.allSettled([
      addToCart(shop.db, key, hemingway, 1, null, { unlessUser: true }),
      addToCart(shop.db, key, chateau, 1, null, { unlessUser: true }),
      addToCart(shop.db, key, hemingway, 2, null, { unlessUser: true }),
      addToCart(shop.db, key, opusx, 5, null, { unlessUser: true }),
      addToCart(shop.db, key, opusx, 5, null, { unlessUser: true }), // 10 > stock 8
      addToCart(shop.db, newAnonymousCartId(), opusx, 5, null, { unlessUser: true }), // another cart: no conflict
    ]);
    const statements = queryCount() - before;
    // an add to an existing cart answers the cart read after it, which on PostgreSQL may already
    // hold the next add (as without batching); whether each add succeeded is fixed by arrival order
    expect(answers.map((a) => (a.status === 'fulfilled' ? 'added' : (a.reason as DomainError).code))).toEqual([
      'added',
      'added',
      'added',
      'added',
      'conflict',
      'added',
    ]);
    const first = answers[0] as PromiseFulfilledResult<Cart>;
    expect(first.value.lines.map((l) => [l.product.id, l.count])).toEqual([[hemingway, 1]]); // created by the first batch
    expect((await getCart(shop.db, key)).lines.map((l) => [l.product.id, l.count])).toEqual([
      [hemingway, 3],
      [chateau, 1],
      [opusx, 5],
    ]);
    // one statement for the first add to each cart, then one add at a time: its statement, and
    // the cart read for an existing cart (none for the refused one)
    expect(statements).toBe(1 + 2 + 2 + 2 + 1);
  });

  it('many adds to a few carts: same outcomes as one by one, counts add up and never pass the stock', async () => {
    const adds: Add[] = [];
    for (let i = 0; i < 60; i++) adds.push({ cart: i % 5, productId: [opusx, hemingway, chateau][i % 3], count: 1 + (i % 4) });
    await compareWithSequential(adds, 5, { cartsRead: true });
  });

  it('when the shared statement fails, each add runs alone: only the failing add fails, with its own error', async () => {
    const adds: Add[] = [
      { cart: 0, productId: hemingway, count: 1 },
      { cart: 1, productId: 'bad\u0000id', count: 1 }, // the database refuses a NUL byte in text
      { cart: 2, productId: opusxDouble, count: 1 },
      { cart: 3, productId: chateau, count: 2 },
      { cart: 4, productId: 'nope', count: 1 },
    ];
    const together = cartKeys(5);
    const outcomes = await Promise.all(adds.map((a) => outcome(together, a)));
    expect(outcomes[1]).toHaveProperty('databaseError');
    expect((outcomes[1] as { databaseError?: string }).databaseError).toBeTruthy();
    expect(outcomes[2]).toEqual({ domainError: { code: 'conflict', message: 'Fuente Fuente OpusX Double Robusto is out of stock' } });
    expect(outcomes[4]).toEqual({ domainError: { code: 'not_found', message: 'Product not found' } });
    expect((outcomes[0] as { cart: Cart }).cart.itemCount).toBe(1);
    expect((outcomes[3] as { cart: Cart }).cart.itemCount).toBe(2);
    await compareWithSequential(adds, 5);
  });

  it('through the API: calls made together get the status and body each gets alone', async () => {
    const api = apiClient(shop);
    const calls = (keys: string[]) =>
      keys.map((userID, i) => ({ productID: [hemingway, 'nope', opusxDouble, opusx, chateau][i % 5], userID, count: i % 7 === 6 ? 1000 : 1 + (i % 9) }));
    const together = calls([...cartKeys(24), userId]); // the last: a registered user's id without a token
    const alone = calls([...cartKeys(24), userId]);
    const parallel = await Promise.all(together.map((b) => api.post('/cart/addProduct', b)));
    const sequential = [];
    for (const b of alone) sequential.push(await api.post('/cart/addProduct', b));
    expect(parallel.map((r) => [r.status, r.body])).toEqual(sequential.map((r) => [r.status, r.body]));
    expect(new Set(parallel.map((r) => r.status))).toEqual(new Set([200, 400, 401, 404, 409]));
  });

  it('inside a transaction an add is not batched: it is part of that transaction', async () => {
    const key = newAnonymousCartId();
    await expect(
      shop.db.transaction(async (tx) => {
        await addToCart(tx, key, hemingway, 1, null, { unlessUser: true });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await getCart(shop.db, key)).lines).toEqual([]);
  });
});
