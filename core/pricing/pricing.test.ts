import { describe, expect, it } from 'vitest';
import { CHF_PATTERNS, chfToRappen, formatChf, intlChf, MoneyError, rappenToChf } from './money.ts';
import { intlLocale, LOCALES } from '../i18n/locales.ts';
import { lineTotal, roundTo5Rappen, subtotal, unitPrice, vatContained } from './pricing.ts';

describe('unit price after discount', () => {
  it('is the base price when there is no discount', () => {
    expect(unitPrice(1250, 0)).toBe(1250);
  });
  it('rounds the discounted price to the nearest 0.05 CHF', () => {
    // 12.90 - 15 % = 10.965 -> 10.95
    expect(unitPrice(1290, 15)).toBe(1095);
    // 9.90 - 10 % = 8.91 -> 8.90
    expect(unitPrice(990, 10)).toBe(890);
    // 9.90 - 5 % = 9.405 -> 9.40
    expect(unitPrice(990, 5)).toBe(940);
    // 10.75 - 10 % = 9.675 -> 9.70 (half rounds up to the nearest 5 Rappen step)
    expect(unitPrice(1075, 10)).toBe(970);
  });
  it('is 0 at 100 % discount', () => {
    expect(unitPrice(4500, 100)).toBe(0);
  });
  it('refuses out-of-range input', () => {
    expect(() => unitPrice(-1, 0)).toThrow(RangeError);
    expect(() => unitPrice(100, 101)).toThrow(RangeError);
    expect(() => unitPrice(100.5, 0)).toThrow(RangeError);
  });
});

describe('line totals and subtotal', () => {
  it('multiplies the rounded unit price by the count', () => {
    expect(lineTotal(1290, 15, 3)).toBe(3 * 1095);
  });
  it('sums the lines', () => {
    expect(
      subtotal([
        { basePrice: 1290, discountPercent: 15, count: 2 },
        { basePrice: 2500, discountPercent: 0, count: 1 },
      ]),
    ).toBe(2 * 1095 + 2500);
    expect(subtotal([])).toBe(0);
  });
});

describe('VAT contained in a gross amount (8.1 %)', () => {
  it('computes gross x 8.1 / 108.1 to the Rappen', () => {
    expect(vatContained(10810)).toBe(810);
    // 100.00 CHF -> 7.4930 -> 7.49
    expect(vatContained(10000)).toBe(749);
    expect(vatContained(0)).toBe(0);
  });
});

describe('money conversion', () => {
  it('converts CHF with 2 decimals to Rappen and back', () => {
    expect(chfToRappen(12.5)).toBe(1250);
    expect(chfToRappen(0.1 + 0.2)).toBe(30);
    expect(rappenToChf(1250)).toBe(12.5);
  });
  it('refuses sub-Rappen or negative amounts', () => {
    expect(() => chfToRappen(1.001)).toThrow(MoneyError);
    expect(() => chfToRappen(-1)).toThrow(MoneyError);
  });
  it('rounds to 5 Rappen', () => {
    expect(roundTo5Rappen(1097)).toBe(1095);
    expect(roundTo5Rappen(1098)).toBe(1100);
  });
  it('formats CHF with the locale conventions', () => {
    expect(formatChf(129900, 'de-CH')).toMatch(/CHF\s1['’]299\.00/);
    expect(formatChf(1250, 'en-CH')).toMatch(/CHF\s12\.50/);
  });
  it("writes every shop locale's prices exactly as ICU's currency format does, without Intl", () => {
    const amounts = [0, 1, 5, 99, 100, 1250, 99_999, 100_000, 123_456, 129_900, 999_999, 1_234_567, 99_999_999, 123_456_789_012];
    let seed = 7;
    for (let i = 0; i < 200; i++) amounts.push((seed = (seed * 48_271) % 2_147_483_647) % 10 ** (1 + (i % 12)));
    for (const lang of LOCALES) {
      const locale = intlLocale(lang);
      expect(CHF_PATTERNS[locale], locale).toBeDefined();
      for (const r of [...amounts, ...amounts.filter((a) => a > 0).map((a) => -a)]) expect(formatChf(r, locale), `${locale} ${r}`).toBe(intlChf(r, locale));
    }
    // a locale outside the table still gets ICU's format
    expect(formatChf(129_900, 'nl-NL')).toBe(intlChf(129_900, 'nl-NL'));
  });
});

describe('CHF typed by a person', () => {
  it('parses to Rappen without floating point', async () => {
    const { parseChfInput } = await import('./money.ts');
    expect(parseChfInput('12')).toBe(1200);
    expect(parseChfInput('12.5')).toBe(1250);
    expect(parseChfInput("1'299.00")).toBe(129900);
    expect(parseChfInput('0,05')).toBe(5);
    expect(parseChfInput('12.345')).toBeNull();
    expect(parseChfInput('-3')).toBeNull();
    expect(parseChfInput('abc')).toBeNull();
  });
});
