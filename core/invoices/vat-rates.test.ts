import { describe, expect, it } from 'vitest';
import { vatContained } from '../pricing/browser.ts';
import { orderVatRate } from './vat-rates.ts';

describe('orderVatRate', () => {
  it("is the shop's rate when it explains the order's VAT", () => {
    expect(orderVatRate({ total: 23_600, vat: vatContained(23_600, 810) }, 810)).toBe(810);
  });
  it('is the old rate for an order from before a rate change (7.7 % in 2023, the shop now at 8.1 %)', () => {
    expect(orderVatRate({ total: 23_600, vat: vatContained(23_600, 770) }, 810)).toBe(770);
  });
  it("falls back to the shop's rate when no Swiss rate explains the amount", () => {
    expect(orderVatRate({ total: 23_600, vat: 1 }, 810)).toBe(810);
  });
});
