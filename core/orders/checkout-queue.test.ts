import { describe, expect, it } from 'vitest';
import { enterCheckoutQueue } from './checkout-queue.ts';

describe('checkout queue', () => {
  it('hands the stock a checkout left to the next one in the queue, in arrival order', async () => {
    const first = await enterCheckoutQueue(['p1']);
    expect(first.stockBefore.size).toBe(0);
    const order: string[] = [];
    const second = enterCheckoutQueue(['p1']).then((t) => (order.push('second'), t));
    const third = enterCheckoutQueue(['p1', 'p2']).then((t) => (order.push('third'), t));
    first.leave(new Map([['p1', 0]]));
    const t2 = await second;
    expect(t2.stockBefore.get('p1')).toBe(0);
    // refused by what it was told: the next one is told the same
    t2.leave('unchanged');
    const t3 = await third;
    expect(order).toEqual(['second', 'third']);
    expect(t3.stockBefore.get('p1')).toBe(0);
    expect(t3.stockBefore.has('p2')).toBe(false);
    t3.leave(new Map([['p1', 0]]));
  });

  it('tells nothing after a checkout whose stock is unknown, nor once the queue was empty', async () => {
    const first = await enterCheckoutQueue(['q1']);
    const second = enterCheckoutQueue(['q1']);
    first.leave(); // a rolled-back transaction
    const t2 = await second;
    expect(t2.stockBefore.size).toBe(0);
    t2.leave(new Map([['q1', 3]])); // the queue is empty now
    const later = await enterCheckoutQueue(['q1']);
    expect(later.stockBefore.size).toBe(0);
    later.leave();
  });
});
