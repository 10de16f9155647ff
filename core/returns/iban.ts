/**
 * The customer's IBAN for a bank-transfer refund (Swiss and Liechtenstein accounts only: the shop
 * pays refunds in CHF from its Swiss account). Checked with `ibantools` (length, country format,
 * ISO 13616 check digits). A QR-IBAN (institution id 30000–31999, SIX "Swiss Implementation
 * Guidelines QR-bill" §3.2) only receives QR-bill payments with a reference, so a refund cannot
 * be sent there: it is refused with its own message.
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isQRIBAN, isValidIBAN } from 'ibantools';
import { DomainError } from '../errors.ts';

/**
 * Normalises and checks an IBAN typed by a customer (spaces, lower case and dashes allowed).
 * @returns the electronic format (`CH9300762011623852957`).
 * @throws {DomainError} `invalid` with field `iban`: empty, not a valid IBAN, not Swiss or
 *   Liechtenstein, or a QR-IBAN.
 */
export function checkRefundIban(input: string, field = 'iban'): string {
  const raw = input.trim();
  const refuse = (key: string, msg: string) => new DomainError('invalid', msg, { key: `returns.${key}`, fields: { [field]: { key: `returns.${key}` } } });
  if (!raw) throw refuse('ibanRequired', 'Enter the IBAN of the account the refund should go to');
  const iban = electronicFormatIBAN(raw.replace(/-/g, '')) ?? '';
  if (!isValidIBAN(iban)) throw refuse('ibanInvalid', 'This IBAN is not valid; please check it');
  if (!/^(CH|LI)/.test(iban)) throw refuse('ibanCountry', 'Please give a Swiss or Liechtenstein IBAN (starting with CH or LI)');
  if (isQRIBAN(iban)) throw refuse('ibanQr', 'This is a QR-IBAN, which only accepts QR-bill payments; please give the normal IBAN of your account');
  return iban;
}

/** An IBAN in groups of four for display (`CH93 0076 2011 6238 5295 7`). */
export function displayIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}
