/**
 * The SQL of a cart add (core/cart/service.ts `addToCart`): one statement per add, and
 * group commit for the API's anonymous adds.
 *
 * One add is one statement (data-modifying CTEs, prepared by name, core/db/prepared.ts): it
 * checks the listed product and the resulting count against stock, creates or touches the cart
 * and adds to the line; it answers the product's cart fields and the outcome ({@link AddedRow}).
 *
 * Group commit: on PGlite a statement costs a fixed ~0.5 ms of CPU in the shop's own thread
 * (protocol, executor start, commit and its WAL write) whatever it writes, about as much as the
 * rest of an API call; on PostgreSQL each statement is a round trip and a commit (a WAL flush).
 * So the anonymous adds that arrive together — those read from the sockets in one turn of the
 * event loop, or while the previous batch runs — are written by one statement over arrays
 * (`unnest`), one transaction: ~0.15 ms of PGlite CPU per add at 10 adds. Each caller's promise
 * settles only after that statement has committed, so an answer still means the line is stored;
 * a lone add waits only for the end of the current event-loop turn (`setImmediate`), no timer.
 *
 * Rules that keep every answer exactly what one statement per add would give:
 * - A batch never holds two adds to the same cart: the second would make the upsert touch one
 *   row twice ("ON CONFLICT DO UPDATE command cannot affect row a second time"), and its count
 *   and stock check must see the first add. It waits for the next batch, in arrival order.
 * - Per add, the batch statement does what the single statement does (same checks, same stock
 *   snapshot, same rows written, same columns answered), matched by cart key.
 * - If the batch statement fails (a database error from any one add, a deadlock, a lost
 *   connection), nothing of it is committed and every add of the batch runs again as its own
 *   statement, so one bad add never fails the others and each gets its own result or error.
 * - Only anonymous adds (`unlessUser`, api `cart/addProduct` with an anonymous cart id) are
 *   batched, and only on the database itself, never inside a transaction. A registered user's
 *   cart rows are also written by checkout transactions on PostgreSQL; a batch waiting for such
 *   a lock would hold up every anonymous add behind it, so those adds keep their own statement.
 * - One batch at a time per database. PGlite runs one statement at a time anyway; on PostgreSQL
 *   this keeps the anonymous adds of one process on one connection at a time (cart keys are
 *   sorted in a batch, so concurrent batches of several processes lock carts in one order).
 */
import { sql } from 'drizzle-orm';
import { users, products, isOwnDatabase, PreparedSql, cartItems, carts, productReleases } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { productColumns, type CartProductRow } from './line-product.ts';

/** A row of the add statements: the product's columns and the outcome. */
export type AddedRow = CartProductRow & {
  /** The cart key is a registered user's id (only asked with `unlessUser`): nothing was written. */
  is_user: boolean;
  /** The line's count after the add; null when the add would exceed stock (nothing written). */
  added: number | string | null;
  /** The statement created the cart row (a visitor's first add): the cart is exactly this line. */
  created: boolean;
  /** The line's count the add asked for (what is in the cart plus the add). */
  wanted: number | string;
  /** The product's release time (core/releases), null without a release: before it nothing is written. */
  release_opens_at: Date | string | null;
  /** The release's units per customer, null without: a line above it is not written. */
  release_limit: number | string | null;
  /** The release has not opened yet by the database's clock (nothing was written). */
  release_waiting: boolean;
};

/** An add: `count` (1..999, checked by the caller) of `productId` to the cart `cartKey`. */
export type AddInput = { cartKey: string; productId: string; count: number; userId: string | null; unlessUser: boolean };

/**
 * One add. Parsing and planning its five CTEs cost PGlite ~2.5 ms of CPU per add, executing the
 * prepared statement ~0.5 ms. `unlessUser` (boolean): write nothing and answer `is_user` when
 * `cartKey` is a registered user's id. No row: the product is unknown or unlisted.
 */
const addStatement = new PreparedSql<'productId' | 'cartKey' | 'count' | 'userId' | 'unlessUser', AddedRow>(
  'shop_add_to_cart',
  ['productId', 'cartKey', 'count', 'userId', 'unlessUser'],
  (v) => {
    const isUser = sql`(${v.unlessUser}::boolean and exists (select 1 from ${users} where ${users.id} = ${v.cartKey}))`;
    return sql`
    with p as (
      select ${productColumns}, r.opens_at as release_opens_at, r.per_customer_limit as release_limit,
             coalesce((select ${cartItems.count} from ${cartItems} where ${cartItems.cartKey} = ${v.cartKey} and ${cartItems.productId} = ${v.productId}), 0) + ${v.count}::int as wanted
        from ${products}
        left join ${productReleases} r on r.product_id = ${products.id}
       where ${products.id} = ${v.productId} and ${products.active}
    ),
    ok as (
      select p.id from p
       where p.wanted <= p.stock
         and (p.release_opens_at is null or p.release_opens_at <= now())
         and (p.release_limit is null or p.wanted <= p.release_limit)
         and not ${isUser}
    ),
    c as (
      insert into ${carts} (cart_key, user_id) select ${v.cartKey}, ${v.userId}::text from ok
      on conflict (cart_key) do update set updated_at = now()
      returning cart_key, (xmax = 0) as created
    ),
    i as (
      insert into ${cartItems} as ci (cart_key, product_id, count) select c.cart_key, ${v.productId}, ${v.count}::int from c
      on conflict (cart_key, product_id) do update set count = ci.count + excluded.count
       where ci.count + excluded.count <= (select stock from p)
         and ci.count + excluded.count <= coalesce((select release_limit from p), 2147483647)
      returning ci.count
    )
    select p.*, coalesce(p.release_opens_at > now(), false) as release_waiting, ${isUser} as is_user, (select count from i) as added, coalesce((select created from c), false) as created
      from p`;
  },
);

/**
 * Many anonymous adds (`unlessUser`), each to a different cart: {@link addStatement} per array
 * element, in one statement. `batch_key` tells whose row it is (no row: unknown product). The
 * line's stock check in the upsert reads the stock from `p`, the statement's snapshot, as the
 * single statement does.
 */
const batchStatement = new PreparedSql<'cartKeys' | 'productIds' | 'counts', AddedRow & { batch_key: string }>(
  'shop_add_to_anonymous_carts',
  ['cartKeys', 'productIds', 'counts'],
  (v) => sql`
    with r as (
      select * from unnest(${v.cartKeys}::text[], ${v.productIds}::text[], ${v.counts}::int[]) as r(cart_key, product_id, n)
    ),
    p0 as (
      select r.cart_key as batch_key, r.n as batch_count, ${productColumns}, rel.opens_at as release_opens_at, rel.per_customer_limit as release_limit
        from r join ${products} on ${products.id} = r.product_id and ${products.active}
        left join ${productReleases} rel on rel.product_id = ${products.id}
    ),
    p as (
      select p0.*, coalesce((select ${cartItems.count} from ${cartItems} where ${cartItems.cartKey} = p0.batch_key and ${cartItems.productId} = p0.id), 0) + p0.batch_count as wanted
        from p0
    ),
    ok as (
      select p.batch_key, p.id, p.batch_count from p
       where p.wanted <= p.stock
         and (p.release_opens_at is null or p.release_opens_at <= now())
         and (p.release_limit is null or p.wanted <= p.release_limit)
         and not exists (select 1 from ${users} where ${users.id} = p.batch_key)
    ),
    c as (
      insert into ${carts} (cart_key, user_id) select batch_key, null::text from ok order by batch_key
      on conflict (cart_key) do update set updated_at = now()
      returning cart_key, (xmax = 0) as created
    ),
    i as (
      insert into ${cartItems} as ci (cart_key, product_id, count)
      select c.cart_key, ok.id, ok.batch_count from c join ok on ok.batch_key = c.cart_key order by c.cart_key
      on conflict (cart_key, product_id) do update set count = ci.count + excluded.count
       where ci.count + excluded.count <= (select p.stock from p where p.batch_key = excluded.cart_key)
         and ci.count + excluded.count <= coalesce((select p.release_limit from p where p.batch_key = excluded.cart_key), 2147483647)
      returning ci.cart_key, ci.count
    )
    select p.id, p.sku, p.name, p.images, p.base_price, p.discount_percent, p.packaging, p.stock, p.brand, p.vitola,
           p.length_mm, p.ring_gauge, p.category, p.batch_key, p.wanted, p.release_opens_at, p.release_limit,
           coalesce(p.release_opens_at > now(), false) as release_waiting,
           exists (select 1 from ${users} where ${users.id} = p.batch_key) as is_user, i.count as added, coalesce(c.created, false) as created
      from p left join c on c.cart_key = p.batch_key left join i on i.cart_key = p.batch_key`,
);

/** Most adds in one batch statement (the rest wait for the next). */
const MAX_BATCH = 100;

type Waiting = { input: AddInput; resolve: (row: AddedRow | undefined) => void; reject: (e: unknown) => void };

/** Runs one add as its own statement and settles its caller. */
function runAlone(db: Db, w: Waiting): Promise<void> {
  return addStatement.run(db, w.input).then(
    (rows) => w.resolve(rows[0]),
    (e: unknown) => w.reject(e),
  );
}

/** The anonymous adds waiting for one database, and the one batch at a time that writes them. */
class AddBatcher {
  #waiting: Waiting[] = [];
  #draining = false;

  constructor(private readonly db: Db) {}

  add(input: AddInput): Promise<AddedRow | undefined> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      if (!this.#draining) {
        this.#draining = true;
        void this.#drain();
      }
    });
  }

  /** Sends batches until nobody waits; before each, lets the current event-loop turn read more requests. */
  async #drain(): Promise<void> {
    try {
      for (;;) {
        await new Promise<void>((r) => setImmediate(r));
        if (this.#waiting.length === 0) return;
        await this.#run(this.#take());
      }
    } finally {
      this.#draining = false;
    }
  }

  /** The next batch: the oldest adds, at most one per cart, at most {@link MAX_BATCH}. The others keep their order. */
  #take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const keys = new Set<string>();
    for (const w of this.#waiting) {
      if (batch.length < MAX_BATCH && !keys.has(w.input.cartKey)) {
        keys.add(w.input.cartKey);
        batch.push(w);
      } else rest.push(w);
    }
    this.#waiting = rest;
    return batch;
  }

  /** Writes one batch and settles its callers; never throws. */
  async #run(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return runAlone(this.db, batch[0]);
    batch.sort((a, b) => (a.input.cartKey < b.input.cartKey ? -1 : 1)); // one lock order for carts
    let rows: (AddedRow & { batch_key: string })[];
    try {
      rows = await batchStatement.run(this.db, {
        cartKeys: batch.map((w) => w.input.cartKey),
        productIds: batch.map((w) => w.input.productId),
        counts: batch.map((w) => w.input.count),
      });
    } catch {
      // nothing of the batch was committed: each add again on its own, with its own outcome
      await Promise.all(batch.map((w) => runAlone(this.db, w)));
      return;
    }
    const byKey = new Map(rows.map(({ batch_key, ...row }) => [batch_key, row]));
    for (const w of batch) w.resolve(byKey.get(w.input.cartKey));
  }
}

const batchers = new WeakMap<Db, AddBatcher>();

/**
 * Runs an add: in a batch with the other anonymous adds waiting for the same database (see the
 * module comment), otherwise as its own statement.
 * @returns the statement's row for this add; undefined when the product is unknown or unlisted.
 * @throws the database's error for this add (never another add's).
 */
export function runAdd(db: Db, input: AddInput): Promise<AddedRow | undefined> {
  if (!input.unlessUser || input.userId !== null || !isOwnDatabase(db)) return addStatement.run(db, input).then((rows) => rows[0]);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new AddBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.add(input);
}
