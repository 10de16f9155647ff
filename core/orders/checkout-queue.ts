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
 * Waits until every earlier checkout (in this process) of any of `productIds` has left the
 * queue; the ids are queued for together, so two carts never wait for each other in a circle.
 * @returns the function that leaves the queue: call it once the checkout is over (also on error).
 */
export async function enterCheckoutQueue(productIds: readonly string[]): Promise<() => void> {
  const ids = [...new Set(productIds)];
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const before = ids.map((id) => tails.get(id) ?? Promise.resolve());
  for (const id of ids) tails.set(id, done);
  await Promise.all(before);
  return () => {
    release();
    for (const id of ids) if (tails.get(id) === done) tails.delete(id);
  };
}
