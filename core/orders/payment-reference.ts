/**
 * Payment references for bank transfers (Swiss QR-bill, implementation guidelines v2.3):
 * - on a QR-IBAN: a QR reference, 27 digits, the last a modulo-10 recursive check digit;
 * - on a normal IBAN: an ISO 11649 creditor reference (`RF` + 2 check digits + up to 21 characters).
 * Both are derived from the order code, so they are unique as the code is and map back to it.
 */
import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';
import { ORDER_CODE_ALPHABET } from './code.ts';

/** The 26 digits before the check digit: each code character as its 2-digit alphabet index, left-padded with zeros. */
function qrDigits(orderCode: string): string {
  const digits = [...orderCode].map((ch) => String(ORDER_CODE_ALPHABET.indexOf(ch)).padStart(2, '0')).join('');
  return digits.padStart(26, '0');
}

/**
 * The payment reference for an order.
 * @param iban the account on the QR-bill (spaces allowed).
 */
export function paymentReferenceFor(orderCode: string, iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  if (isQRIBAN(compact)) {
    const base = qrDigits(orderCode);
    return base + calculateQRReferenceChecksum(base);
  }
  const check = calculateSCORReferenceChecksum(orderCode);
  return `RF${check}${orderCode}`;
}

/** Normalises a reference as banks print it (spaces removed, upper case). */
export function normalizeReference(ref: string): string {
  return ref.replace(/\s+/g, '').toUpperCase();
}
