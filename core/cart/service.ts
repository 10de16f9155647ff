/**
 * Carts (docs/product.md §3, §4 and §7). A cart is keyed by its owner:
 * a user id or an anonymous cart id. Prices are always computed here, on the server, from the
 * current catalogue (core/pricing). Counts can never exceed stock.
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { products, type ProductRow, users, cartBoxes, cartItems, carts, PreparedSql } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { lineTotal, unitPrice } from '../pricing/browser.ts';
import { runAdd, type AddedRow } from './add-statement.ts';
import { productColumns, productOfRow, type CartLineProduct, type CartProductRow } from './line-product.ts';
// release day: a release product is refused before its time and above its limit per customer
import { getRelease, releaseAddRefusal, releaseOpen } from '../releases/index.ts';
// custom boxes are cart lines too
import { boxCartLines, moveBoxLines, removeBoxLine, type CartBoxDetails } from '../custom-box/index.ts';

/** Anonymous cart ids: >= 128 bits, 22..64 characters of `[A-Za-z0-9_-]` (docs/api.md). */
export const ANON_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The `cart_id` cookie's value as the server issues it ({@link newAnonymousCartId}: 32 characters
 * of base64url). Pages read no other shape from the cookie: a registered user's cart is keyed by
 * the user's id (a UUID, 36 characters), and a cookie set by hand to someone's id must not open
 * their cart. (The JSON API accepts the wider {@link ANON_ID_PATTERN} and asks a user id for
 * that user's token, api/cart-access.ts.)
 */
const CART_COOKIE_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Whether a `cart_id` cookie's value (absent: undefined) has the shape the server issues ({@link CART_COOKIE_ID_PATTERN}). */
export function isCartCookieId(value: string | undefined): value is string {
  return value !== undefined && CART_COOKIE_ID_PATTERN.test(value);
}

/** A new anonymous cart id: 192 random bits, base64url (32 characters). */
export function newAnonymousCartId(): string {
  return randomBytes(24).toString('base64url');
}

/** A cart line with the product data the cart shows. Money in Rappen. */
type CartLine = {
  count: number;
  product: CartLineProduct;
  /** Unit price after discount, Rappen. */
  unitPrice: number;
  /** unitPrice x count, Rappen. */
  lineTotal: number;
  /** Set on a custom box's line: `product.id` is then the line id, count 1 (core/custom-box). */
  box?: CartBoxDetails;
};

/** A cart: its lines (oldest first), item count and subtotal in Rappen, and the applied promo code. */
export type Cart = { cartKey: string; lines: CartLine[]; itemCount: number; subtotal: number; promoCode: string | null };

/**
 * Whether the cart `cartKey` shows anything (a line or a promo code): 0 or 1 row read. Used by
 * the HTTP layer to tell whether a visitor's pages may come from the anonymous page cache.
 * @returns the number of items (sum of counts), or 1 for a cart holding only a promo code
 */
export async function countCartItems(db: Db, cartKey: string): Promise<number> {
  const [row] = await db
    .select({ items: sql<number>`coalesce(sum(${cartItems.count}), 0)::int`, promo: sql<string | null>`max(${carts.promoCode})` })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartKey, carts.cartKey))
    .where(eq(carts.cartKey, cartKey));
  if (!row) return 0;
  return Number(row.items) > 0 ? Number(row.items) : row.promo ? 1 : 0;
}

/**
 * The cart read of {@link getCart}: a named prepared statement (core/db/prepared.ts), so
 * neither Drizzle's builder nor PostgreSQL's parser and planner run again for every cart a page
 * or a call reads (on PGlite, Drizzle's `.prepare` parses the statement on every execution). No
 * row: no cart; one row with a null product: a cart without lines.
 */
const cartStatement = new PreparedSql<'cartKey', CartReadRow>(
  'shop_get_cart',
  ['cartKey'],
  (v) => sql`
    select ${carts.promoCode} as promo_code,
           -- custom boxes are read only for a cart that has some (one more query then)
           exists (select 1 from ${cartBoxes} where ${cartBoxes.cartKey} = ${v.cartKey}) as has_boxes,
           ${cartItems.count} as count, ${productColumns}
      from ${carts}
      left join ${cartItems} on ${cartItems.cartKey} = ${carts.cartKey}
      left join ${products} on ${products.id} = ${cartItems.productId}
     where ${carts.cartKey} = ${v.cartKey}
     order by ${cartItems.addedAt}, ${cartItems.id}`,
);

/** Reads a cart; an unknown key is an empty cart. One query (pages read the cart on every view), two for a cart with custom boxes. */
export async function getCart(db: Db, cartKey: string): Promise<Cart> {
  return cartOfRows(db, cartKey, await cartStatement.run(db, { cartKey }));
}

/** A row of a cart read: the cart's promo code and whether it has custom boxes, a line's count and product (nulls without a line). */
export type CartReadRow = Partial<CartProductRow> & { promo_code: string | null; has_boxes: boolean; count: number | string | null };

/**
 * The cart of the rows of a cart read ({@link getCart}'s statement, or one that reads the cart
 * together with something else, core/cart/session-cart.ts): a row without a line (null count or
 * product) only carries the promo code; the custom boxes are read (one more query) when the first
 * row says there are some.
 */
export async function cartOfRows(db: Db, cartKey: string, rows: readonly CartReadRow[]): Promise<Cart> {
  const lines: CartLine[] = [];
  for (const row of rows) {
    if (row.count === null || row.id == null) continue;
    const count = Number(row.count);
    const product = productOfRow(row as CartProductRow);
    lines.push({
      count,
      product,
      unitPrice: unitPrice(product.basePrice, product.discountPercent),
      lineTotal: lineTotal(product.basePrice, product.discountPercent, count),
    });
  }
  if (rows[0]?.has_boxes) lines.push(...(await boxCartLines(db, cartKey))); // custom boxes, after the products
  return {
    cartKey,
    lines,
    itemCount: lines.reduce((n, l) => n + l.count, 0),
    subtotal: lines.reduce((s, l) => s + l.lineTotal, 0),
    promoCode: rows[0]?.promo_code ?? null,
  };
}

async function lockProduct(tx: Db, productId: string): Promise<ProductRow> {
  const [p] = await tx.select().from(products).where(eq(products.id, productId)).for('update').limit(1);
  if (!p || !p.active) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
  return p;
}

function stockError(p: Pick<ProductRow, 'name' | 'stock'>): DomainError {
  return p.stock === 0
    ? new DomainError('conflict', `${p.name} is out of stock`, { key: 'outOfStock', params: { name: p.name } })
    : new DomainError('conflict', `Only ${p.stock} of ${p.name} in stock`, { key: 'notEnoughStock', params: { name: p.name, stock: p.stock } });
}

async function ensureCart(tx: Db, cartKey: string, userId: string | null): Promise<void> {
  await tx
    .insert(carts)
    .values({ cartKey, userId })
    .onConflictDoUpdate({ target: carts.cartKey, set: { updatedAt: sql`now()` } });
}

/**
 * Adds `count` of a product to a cart (api `cart/addProduct`).
 *
 * One statement (the former transaction sent five, and locked the product row, so that
 * every cart add of a product waited for the others; core/cart/add-statement.ts, where anonymous
 * adds arriving together share one statement and commit): it checks the product (listed), the
 * resulting count against stock, creates or touches the cart and adds to the line — the line's
 * count is increased in place (`on conflict … do update set count = count + n`, checked against
 * stock again), so concurrent adds to one cart add up and never pass the stock. When that
 * statement created the cart (a visitor's first add), the cart is exactly the one line it wrote
 * (lines and custom boxes need the cart row, by foreign key; a new cart has no promo code), built
 * from the product row the statement returned; otherwise the cart is read (one more statement).
 * Stock is not reserved by a cart; the order checks it again.
 * @param count how many to add, integer >= 1.
 * @param userId set when the cart belongs to a registered user.
 * @param opts.unlessUser only add when `cartKey` is not a registered user's id: answers null
 *   and writes nothing when it is (the API then checks who asks), so an anonymous cart needs no
 *   separate look-up.
 * @throws {DomainError} `not_found` for an unknown or unlisted product; `conflict` (409) when the
 *   resulting count would exceed stock; `invalid` for a bad count.
 */
export async function addToCart(db: Db, cartKey: string, productId: string, count: number, userId?: string | null): Promise<Cart>;
export async function addToCart(db: Db, cartKey: string, productId: string, count: number, userId: null, opts: { unlessUser: true }): Promise<Cart | null>;
export async function addToCart(
  db: Db,
  cartKey: string,
  productId: string,
  count: number,
  userId: string | null = null,
  opts: { unlessUser?: boolean } = {},
): Promise<Cart | null> {
  if (!Number.isInteger(count) || count < 1 || count > 999)
    throw new DomainError('invalid', 'Count must be a whole number from 1 to 999', { fields: { count: { key: 'countRange', params: { min: 1, max: 999 } } } });
  const row = await runAdd(db, { cartKey, productId, count, userId, unlessUser: Boolean(opts.unlessUser) });
  if (!row) {
    if (opts.unlessUser) {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, cartKey)).limit(1);
      if (u) return null;
    }
    throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
  }
  if (row.is_user) return null;
  if (row.added === null) throw await addRefusal(db, row);
  // `(xmax = 0)`: the row version was inserted by this statement, not updated (PostgreSQL's upsert)
  if (row.created) return newCart(cartKey, productOfRow(row), Number(row.added));
  return getCart(db, cartKey);
}

/**
 * Why the add statement wrote nothing for a listed product: its release (not open yet, or the
 * line would pass the limit per customer; core/releases), else the stock.
 */
async function addRefusal(db: Db, row: AddedRow): Promise<DomainError> {
  // the database's clock said whether the release is open, so its answer is the one given
  const notOpenUntil = row.release_waiting && row.release_opens_at !== null ? new Date(row.release_opens_at) : null;
  const limit = row.release_limit === null ? null : Number(row.release_limit);
  const refusal = await releaseAddRefusal(db, { name: row.name, notOpenUntil, limit, countAfter: Number(row.wanted) });
  return refusal ?? stockError({ name: row.name, stock: Number(row.stock) });
}

/** A cart holding one line and nothing else (no custom box, no promo code). */
function newCart(cartKey: string, product: CartLine['product'], count: number): Cart {
  const line: CartLine = {
    count,
    product,
    unitPrice: unitPrice(product.basePrice, product.discountPercent),
    lineTotal: lineTotal(product.basePrice, product.discountPercent, count),
  };
  return { cartKey, lines: [line], itemCount: count, subtotal: line.lineTotal, promoCode: null };
}

/**
 * Sets the count of a line; 0 removes it.
 * @throws {DomainError} `conflict` when the count exceeds stock; `invalid` for a bad count.
 */
export async function setCartCount(db: Db, cartKey: string, productId: string, count: number, userId: string | null = null): Promise<Cart> {
  if (!Number.isInteger(count) || count < 0 || count > 999)
    throw new DomainError('invalid', 'Count must be a whole number from 0 to 999', { fields: { count: { key: 'countRange', params: { min: 0, max: 999 } } } });
  if (count === 0) return removeFromCart(db, cartKey, productId);
  await db.transaction(async (tx) => {
    const p = await lockProduct(tx, productId);
    const release = await getRelease(tx, productId);
    if (release) {
      const notOpenUntil = releaseOpen(release) ? null : release.opensAt;
      const refusal = await releaseAddRefusal(tx, { name: p.name, notOpenUntil, limit: release.perCustomerLimit, countAfter: count });
      if (refusal) throw refusal;
    }
    if (count > p.stock) throw stockError(p);
    await ensureCart(tx, cartKey, userId);
    await tx
      .insert(cartItems)
      .values({ cartKey, productId, count })
      .onConflictDoUpdate({ target: [cartItems.cartKey, cartItems.productId], set: { count } });
  });
  return getCart(db, cartKey);
}

/** Removes a product's line from a cart (api `cart/delete`). Removing an absent line is not an error. */
export async function removeFromCart(db: Db, cartKey: string, productId: string): Promise<Cart> {
  await removeBoxLine(db, cartKey, productId); // a custom box's line id
  await db.delete(cartItems).where(and(eq(cartItems.cartKey, cartKey), eq(cartItems.productId, productId)));
  return getCart(db, cartKey);
}

/**
 * Merges an anonymous cart into a user's cart at login (docs/product.md §4; api `cart/merge`):
 * counts of the same product add up, capped by stock; the anonymous cart is emptied. One transaction.
 */
export async function mergeCarts(db: Db, userId: string, anonymousKey: string): Promise<Cart> {
  if (anonymousKey === userId) return getCart(db, userId);
  await db.transaction(async (tx) => {
    // only an anonymous cart is merged: a registered user's cart is never emptied into another's
    const [source] = await tx.select({ userId: carts.userId }).from(carts).where(eq(carts.cartKey, anonymousKey));
    if (source?.userId) return;
    await moveBoxLines(tx, anonymousKey, userId, userId); // custom boxes move whole
    const anon = await tx.select().from(cartItems).where(eq(cartItems.cartKey, anonymousKey));
    if (anon.length === 0) return;
    await ensureCart(tx, userId, userId);
    for (const item of anon) {
      const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, item.productId)).for('update');
      const [mine] = await tx
        .select({ count: cartItems.count })
        .from(cartItems)
        .where(and(eq(cartItems.cartKey, userId), eq(cartItems.productId, item.productId)));
      const next = Math.min((mine?.count ?? 0) + item.count, p?.stock ?? 0);
      if (next > 0)
        await tx
          .insert(cartItems)
          .values({ cartKey: userId, productId: item.productId, count: next })
          .onConflictDoUpdate({ target: [cartItems.cartKey, cartItems.productId], set: { count: next } });
    }
    await tx.delete(cartItems).where(eq(cartItems.cartKey, anonymousKey));
  });
  return getCart(db, userId);
}
