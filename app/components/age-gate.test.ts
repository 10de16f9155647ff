import { describe, expect, it } from 'vitest';
import {
  AGE_CONFIRMATION_VALIDITY_MS,
  AGE_GATE_DELAY_MS,
  COOKIE_NOTICE_DELAY_MS,
  LANGUAGE_MENU_AUTOCLOSE_MS,
  PROMO_BANNER_BLINK_MS,
  SNACKBAR_MS,
} from '../constants.ts';
import { ageConfirmationValid } from './AgeGate.tsx';

describe('docs/product.md §9 constants', () => {
  it('have the specification values', () => {
    expect([AGE_GATE_DELAY_MS, COOKIE_NOTICE_DELAY_MS, SNACKBAR_MS, LANGUAGE_MENU_AUTOCLOSE_MS, PROMO_BANNER_BLINK_MS, AGE_CONFIRMATION_VALIDITY_MS]).toEqual([
      5_000, 10_000, 4_000, 4_000, 1_000, 3_600_000,
    ]);
  });
});

describe('ageConfirmationValid', () => {
  const t = Date.UTC(2026, 0, 1, 12);
  it('is valid for one hour after confirming', () => {
    expect(ageConfirmationValid(t, t)).toBe(true);
    expect(ageConfirmationValid(t, t + 60 * 60_000 - 1)).toBe(true);
    expect(ageConfirmationValid(t, t + 60 * 60_000)).toBe(false);
  });
  it('is not valid without a stored time, with garbage, or with a time in the future', () => {
    expect(ageConfirmationValid(null, t)).toBe(false);
    expect(ageConfirmationValid(Number('abc'), t)).toBe(false);
    expect(ageConfirmationValid(t + 1000, t)).toBe(false);
  });
});
