/**
 * Cart service: add, set count, remove, counts capped by stock (409), merge,
 * prices computed on the server (unit price after discount rounded to 5 Rappen).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../core/db/schema/catalogue.ts';
import { carts } from '../../core/db/schema/cart.ts';
import { addToCart, getCart, mergeCarts, newAnonymousCartId, ANON_ID_PATTERN, removeFromCart, setCartCount } from '../../core/cart/service.ts';
import { DomainError } from '../../core/errors.ts';
import { queryCount } from '../../core/db/client.ts';
import type { Shop } from '../../core/shop.ts';
import { cartTestProducts } from '../helpers/catalogue.ts';
import { createCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let hemingway: string; // 13.50, stock 64
let opusx: string; // 45.00, stock 8
let opusxDouble: string; // stock 0
let chateau: string; // 52.50 - 10 % = 47.25, stock 22
let key: string;

beforeAll(async () => {
  ({ shop } = await openTestSuite());
  ({ hemingway, opusx, opusxDouble, chateau } = await cartTestProducts(shop));
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  key = newAnonymousCartId();
});

async function domainError(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

describe('anonymous cart ids', () => {
  it('carry at least 128 bits and match the accepted pattern', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newAnonymousCartId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(ANON_ID_PATTERN);
      expect(Buffer.from(id, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    expect(ANON_ID_PATTERN.test('short')).toBe(false);
    expect(ANON_ID_PATTERN.test('a'.repeat(21))).toBe(false);
    expect(ANON_ID_PATTERN.test('a'.repeat(22))).toBe(true);
    expect(ANON_ID_PATTERN.test('has spaces in it 1234567890')).toBe(false);
  });
});

describe('adding', () => {
  it('an unknown cart is empty', async () => {
    expect(await getCart(shop.db, key)).toEqual({ cartKey: key, lines: [], itemCount: 0, subtotal: 0, promoCode: null });
  });

  it('adds a line with server-computed prices', async () => {
    const cart = await addToCart(shop.db, key, hemingway, 2);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      count: 2,
      unitPrice: 1350,
      lineTotal: 2700,
      product: { id: hemingway, name: 'Arturo Fuente Hemingway Short Story' },
    });
    expect(cart).toMatchObject({ itemCount: 2, subtotal: 2700 });
  });

  it('adds up counts of the same product and prices discounts to 5 Rappen', async () => {
    await addToCart(shop.db, key, chateau, 1);
    const cart = await addToCart(shop.db, key, chateau, 2);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ count: 3, unitPrice: 4725, lineTotal: 3 * 4725 });
  });

  it('keeps lines in the order they were added', async () => {
    await addToCart(shop.db, key, opusx, 1);
    await addToCart(shop.db, key, hemingway, 1);
    const cart = await addToCart(shop.db, key, opusx, 1);
    expect(cart.lines.map((l) => l.product.id)).toEqual([opusx, hemingway]);
    expect(cart.subtotal).toBe(2 * 4500 + 1350);
  });

  it('refuses more than the stock with a 409 conflict and changes nothing', async () => {
    await addToCart(shop.db, key, opusx, 6);
    const e = await domainError(addToCart(shop.db, key, opusx, 3));
    expect(e.code).toBe('conflict');
    expect(e.message).toBe('Only 8 of Fuente Fuente OpusX Robusto in stock');
    expect((await getCart(shop.db, key)).lines[0].count).toBe(6);
    expect((await addToCart(shop.db, key, opusx, 2)).lines[0].count).toBe(8);
  });

  it('refuses an out-of-stock product', async () => {
    const e = await domainError(addToCart(shop.db, key, opusxDouble, 1));
    expect(e.code).toBe('conflict');
    expect(e.message).toMatch(/out of stock/);
    expect((await getCart(shop.db, key)).lines).toEqual([]);
  });

  it('refuses an unknown product (404) and bad counts (400)', async () => {
    expect((await domainError(addToCart(shop.db, key, 'nope', 1))).code).toBe('not_found');
    for (const n of [0, -1, 1.5, 1000, Number.NaN]) expect((await domainError(addToCart(shop.db, key, hemingway, n))).code).toBe('invalid');
  });

  it('refuses an unlisted product (404) and creates no cart for a refused add', async () => {
    await shop.db.update(products).set({ active: false }).where(eq(products.id, chateau));
    try {
      expect((await domainError(addToCart(shop.db, key, chateau, 1))).code).toBe('not_found');
    } finally {
      await shop.db.update(products).set({ active: true }).where(eq(products.id, chateau));
    }
    expect(await shop.db.select().from(carts).where(eq(carts.cartKey, key))).toEqual([]);
  });

  it('adds up concurrent adds to one cart and never passes the stock (one statement, no product lock)', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => addToCart(shop.db, key, opusx, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8); // stock 8
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof DomainError)).toBe(true);
    expect((await getCart(shop.db, key)).lines[0].count).toBe(8);
  });

  it('answers a new cart from the add statement alone, exactly as it reads back, for every product', async () => {
    const all = await shop.db.select({ id: products.id }).from(products).where(eq(products.active, true));
    for (const { id } of all) {
      const k = newAnonymousCartId();
      const before = queryCount();
      const added = await addToCart(shop.db, k, id, 1, null, { unlessUser: true }).catch((e: unknown) => e);
      if (added instanceof DomainError) continue; // out of stock
      expect(queryCount() - before, id).toBe(1);
      expect(added, id).toEqual(await getCart(shop.db, k));
    }
    // a user's first add too, and later adds read the cart (lines added before, promo codes)
    const user = await createCustomer(shop);
    expect(await addToCart(shop.db, user.id, hemingway, 2, user.id)).toEqual(await getCart(shop.db, user.id));
    const before = queryCount();
    const second = await addToCart(shop.db, user.id, chateau, 1, user.id);
    expect(queryCount() - before).toBe(2);
    expect(second.lines.map((l) => l.product.id)).toEqual([hemingway, chateau]);
    expect(second).toEqual(await getCart(shop.db, user.id));
  });

  it("with unlessUser, writes nothing and answers null for a registered user's id", async () => {
    const user = await createCustomer(shop);
    expect(await addToCart(shop.db, user.id, hemingway, 1, null, { unlessUser: true })).toBeNull();
    expect(await shop.db.select().from(carts).where(eq(carts.cartKey, user.id))).toEqual([]);
    // unknown product for a user's id: null too (who asks is checked before the product)
    expect(await addToCart(shop.db, user.id, 'nope', 1, null, { unlessUser: true })).toBeNull();
    expect((await addToCart(shop.db, key, hemingway, 2, null, { unlessUser: true }))?.lines[0].count).toBe(2);
  });
});

describe('changing counts and removing', () => {
  it('sets a count, capped by stock', async () => {
    await addToCart(shop.db, key, opusx, 1);
    expect((await setCartCount(shop.db, key, opusx, 5)).lines[0].count).toBe(5);
    expect((await domainError(setCartCount(shop.db, key, opusx, 9))).code).toBe('conflict');
    expect((await getCart(shop.db, key)).lines[0].count).toBe(5);
  });

  it('setting 0 removes the line; negative counts are refused', async () => {
    await addToCart(shop.db, key, opusx, 1);
    expect((await setCartCount(shop.db, key, opusx, 0)).lines).toEqual([]);
    expect((await domainError(setCartCount(shop.db, key, opusx, -1))).code).toBe('invalid');
  });

  it('removes a line; removing an absent line is not an error', async () => {
    await addToCart(shop.db, key, opusx, 1);
    await addToCart(shop.db, key, hemingway, 1);
    const cart = await removeFromCart(shop.db, key, opusx);
    expect(cart.lines.map((l) => l.product.id)).toEqual([hemingway]);
    expect((await removeFromCart(shop.db, key, opusx)).lines).toHaveLength(1);
    expect((await removeFromCart(shop.db, key, 'unknown')).lines).toHaveLength(1);
  });

  it('reads the applied promo code with the lines, also when no line is left', async () => {
    await addToCart(shop.db, key, opusx, 1);
    await shop.db.update(carts).set({ promoCode: 'SUMMER' }).where(eq(carts.cartKey, key));
    expect(await getCart(shop.db, key)).toMatchObject({ promoCode: 'SUMMER', itemCount: 1 });
    await removeFromCart(shop.db, key, opusx);
    expect(await getCart(shop.db, key)).toMatchObject({ promoCode: 'SUMMER', lines: [], itemCount: 0, subtotal: 0 });
  });

  it('keeps carts apart', async () => {
    const other = newAnonymousCartId();
    await addToCart(shop.db, key, opusx, 1);
    await addToCart(shop.db, other, hemingway, 3);
    expect((await getCart(shop.db, key)).lines.map((l) => l.product.id)).toEqual([opusx]);
    expect((await getCart(shop.db, other)).lines.map((l) => [l.product.id, l.count])).toEqual([[hemingway, 3]]);
  });
});

describe('merging an anonymous cart into a user cart', () => {
  it('adds up counts capped by stock, moves other lines and empties the anonymous cart', async () => {
    const userKey = `user-${newAnonymousCartId()}`;
    await addToCart(shop.db, userKey, opusx, 5, userKey);
    await addToCart(shop.db, key, opusx, 6);
    await addToCart(shop.db, key, hemingway, 2);
    const merged = await mergeCarts(shop.db, userKey, key);
    expect(merged.lines.map((l) => [l.product.id, l.count])).toEqual([
      [opusx, 8],
      [hemingway, 2],
    ]);
    expect((await getCart(shop.db, key)).lines).toEqual([]);
  });

  it('merging an empty or identical cart changes nothing', async () => {
    const userKey = `user-${newAnonymousCartId()}`;
    await addToCart(shop.db, userKey, hemingway, 1, userKey);
    expect((await mergeCarts(shop.db, userKey, key)).lines.map((l) => l.count)).toEqual([1]);
    expect((await mergeCarts(shop.db, userKey, userKey)).lines.map((l) => l.count)).toEqual([1]);
  });
});
