import { describe, expect, it } from 'vitest';
import { newOrderCode, ORDER_CODE_ALPHABET, ORDER_CODE_LENGTH } from './code.ts';
import { transitionRefusal, TRANSITIONS } from './status.ts';

describe('order state machine', () => {
  it('allows the normal path only when fully paid', () => {
    expect(transitionRefusal('pending_payment', 'paid', 1000, 1000)).toBeNull();
    expect(transitionRefusal('pending_payment', 'paid', 999, 1000)).toMatch(/not fully paid/);
    expect(transitionRefusal('paid', 'processing', 1000, 1000)).toBeNull();
    expect(transitionRefusal('processing', 'shipped', 1000, 1000)).toBeNull();
    expect(transitionRefusal('shipped', 'delivered', 1000, 1000)).toBeNull();
  });
  it('refuses skipping states and leaving final states', () => {
    expect(transitionRefusal('pending_payment', 'processing', 1000, 1000)).toMatch(/cannot go/);
    expect(transitionRefusal('pending_payment', 'shipped', 1000, 1000)).toMatch(/cannot go/);
    for (const s of ['cancelled', 'expired', 'refunded'] as const) expect(TRANSITIONS[s]).toEqual([]);
    expect(transitionRefusal('paid', 'cancelled', 1000, 1000)).toMatch(/cannot go/);
  });
  it('lets unpaid orders be cancelled or expire', () => {
    expect(transitionRefusal('pending_payment', 'cancelled', 0, 1000)).toBeNull();
    expect(transitionRefusal('pending_payment', 'expired', 0, 1000)).toBeNull();
  });
});

describe('order codes', () => {
  it('are 8 characters of the unambiguous alphabet and not repeated', () => {
    const codes = new Set(Array.from({ length: 2000 }, newOrderCode));
    expect(codes.size).toBe(2000);
    const shape = new RegExp(`^[${ORDER_CODE_ALPHABET}]{${ORDER_CODE_LENGTH}}$`);
    for (const c of codes) expect(c).toMatch(shape);
    expect(ORDER_CODE_ALPHABET).not.toMatch(/[0O1ILU]/);
  });
});
