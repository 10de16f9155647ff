/**
 * Order codes shown to customers: 8 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L, U), drawn with crypto: 30^8 ≈ 6.6·10^11 codes, not sequential, not guessable.
 * Uniqueness is enforced by the database (orders.code unique); the service retries on a clash.
 */
import { randomInt } from 'node:crypto';

export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_CODE_LENGTH = 8;

/** A new random order code, e.g. `K7M2XQ9D`. */
export function newOrderCode(): string {
  let s = '';
  for (let i = 0; i < ORDER_CODE_LENGTH; i++) s += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  return s;
}
