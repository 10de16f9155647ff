/**
 * Checkouts of one product wait for each other in this process before they open a transaction.
 *
 * Why: the order transaction takes the product's stock row with a conditional update, and on
 * PostgreSQL every concurrent checkout of that product then waits for the row lock while holding
 * one of the process's few pooled connections (10). In a release rush (hundreds of buyers of one
 * product at once) every connection ends up waiting on the same row, and everything else the
 * process does (cart adds, pages, the balancer's `/readyz`) waits for a connection: a rush of one
 * product stalls the shop. Queued here, a process sends one checkout of a product at a time to
 * the database (several processes: one each), in arrival order, and the other connections stay
 * free. Exactness does not depend on it: the row lock still orders the processes' checkouts.
 */

/** The tail of each product's queue in this process: resolves when the last checkout queued is done. */
const tails = new Map<string, Promise<void>>();

/**
 * The stock a checkout that left a product's queue saw or left behind (after its commit, or the
 * read that refused it), and when (`performance.now()`, ms): the next one in the queue is refused
 * by it without reading the cart again. Cleared when the queue empties, so a later checkout always
 * reads.
 */
const lastSeen = new Map<string, { stock: number; at: number }>();

/**
 * How long (milliseconds) the stock left by the checkout before is taken as it is. Units come back
 * only by an order expiring or cancelled, or an admin's change, in any process: a buyer behind in
 * the queue may be told "sold out" this long after such a return (one read would tell), never sold
 * a unit that is not there (the transaction takes stock with a conditional update).
 */
const QUEUE_STOCK_MAX_AGE_MS = 1000;

/** A checkout's turn at the front of its products' queues. */
export type CheckoutTurn = {
  /** The stock of each product as the checkout before this one left it, when not older than {@link QUEUE_STOCK_MAX_AGE_MS}. */
  stockBefore: ReadonlyMap<string, number>;
  /**
   * Leaves the queue: call it once the checkout is over (also on error).
   * @param stockAfter each product's stock as this checkout saw or left it (after its commit);
   *   leave it out when unknown (a rolled-back transaction), and the next one reads; `unchanged`
   *   when this checkout was refused by {@link CheckoutTurn.stockBefore} (it keeps its age).
   */
  leave: (stockAfter?: ReadonlyMap<string, number> | 'unchanged') => void;
};

/**
 * Waits until every earlier checkout (in this process) of any of `productIds` has left the
 * queue; the ids are queued for together, so two carts never wait for each other in a circle.
 * @returns the turn: the stock the checkout before left, and the function that leaves the queue.
 */
export async function enterCheckoutQueue(productIds: readonly string[]): Promise<CheckoutTurn> {
  const ids = [...new Set(productIds)];
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const before = ids.map((id) => tails.get(id) ?? Promise.resolve());
  for (const id of ids) tails.set(id, done);
  await Promise.all(before);
  const now = performance.now();
  const stockBefore = new Map<string, number>();
  for (const id of ids) {
    const seen = lastSeen.get(id);
    if (seen && now - seen.at <= QUEUE_STOCK_MAX_AGE_MS) stockBefore.set(id, seen.stock);
  }
  return {
    stockBefore,
    leave: (stockAfter) => {
      const at = performance.now();
      if (stockAfter !== 'unchanged')
        for (const id of ids) {
          const stock = stockAfter?.get(id);
          if (stock === undefined) lastSeen.delete(id);
          else lastSeen.set(id, { stock, at });
        }
      release();
      for (const id of ids)
        if (tails.get(id) === done) {
          tails.delete(id);
          lastSeen.delete(id);
        }
    },
  };
}
