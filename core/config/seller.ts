/**
 * The seller data a QR-bill and an invoice depend on, checked when the settings are saved:
 *
 * - IBAN: ISO 13616 check digits and the country's format (`ibantools`), and a Swiss or
 *   Liechtenstein account, since a QR-bill may only name a CH or LI account (SIX "Swiss
 *   Implementation Guidelines QR-bill" §4.2.2). A QR-IBAN (institution id 30000–31999) and an
 *   ordinary IBAN are both accepted: orders on a QR-IBAN get a QR reference, orders on an ordinary
 *   IBAN an ISO 11649 creditor reference (core/orders/payment-reference.ts).
 * - UID/VAT number: `CHE-123.456.789`, optionally followed by ` MWST`, ` TVA` or ` IVA`, whose last
 *   digit is the eCH-0097 modulo-11 check digit (weights 5,4,3,2,7,6,5,4 over the first eight
 *   digits; check = 11 − sum mod 11; 11 gives 0, and 10 is never issued, so it is invalid).
 * - Postcode: four digits in Switzerland (not a Liechtenstein one), 9485–9498 in Liechtenstein.
 *
 * Each check answers the key of its field message (the `errors` catalogue, `seller.*`), or null.
 * Stored settings are read leniently (core/config/service.ts), so a value saved before these
 * checks never stops a page; {@link invalidSellerFields} names it on the dashboard instead.
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isQRIBAN, validateIBAN } from 'ibantools';
import { z } from 'zod';

/**
 * Liechtenstein's postcodes in the Swiss system, 9485–9498 (Swiss Post); the same rule as the
 * delivery region's (core/config/region.ts), kept here so this file stays free of the database.
 */
const LIECHTENSTEIN_POSTCODE = /^94(8[5-9]|9[0-8])$/;

/** The countries a seller (and the account on its QR-bills) may be in. */
export const SELLER_COUNTRIES = ['CH', 'LI'] as const;

/** An IBAN as typed (spaces, dashes, lower case) in electronic format (`CH9300762011623852957`), or '' when it is not one. */
export function compactIban(input: string): string {
  return electronicFormatIBAN(input.trim().replace(/-/g, '')) ?? '';
}

/**
 * What is wrong with an IBAN for the shop's QR-bills, as a field message key, or null.
 * `seller.ibanInvalid`: not an IBAN at all (wrong length or format for its country, or wrong
 * check digits); `seller.ibanCountry`: a valid IBAN of another country than CH or LI.
 */
export function ibanProblem(input: string): 'seller.ibanInvalid' | 'seller.ibanCountry' | null {
  const iban = compactIban(input);
  if (!iban || !validateIBAN(iban).valid) return 'seller.ibanInvalid';
  if (!(SELLER_COUNTRIES as readonly string[]).includes(iban.slice(0, 2))) return 'seller.ibanCountry';
  return null;
}

/** Whether the (valid) IBAN is a QR-IBAN (institution id 30000–31999), which takes QR references only. */
export function isQrIban(input: string): boolean {
  return isQRIBAN(compactIban(input));
}

/** An IBAN in the form the shop stores and prints: upper case, groups of four (`CH93 0076 2011 6238 5295 7`). */
export function normalizeIban(input: string): string {
  const iban = compactIban(input);
  return (iban && friendlyFormatIBAN(iban)) || input.trim();
}

/** Weights of the eCH-0097 check digit over the UID's first eight digits. */
const UID_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4];

/** `CHE`, nine digits with any `.`, `-` or space between them, then optionally the VAT suffix. */
const UID_FORMAT = /^CHE[\s.-]*((?:\d[\s.-]*){9})(?:\s*(MWST|TVA|IVA))?$/i;

/**
 * The eCH-0097 check digit of a UID's first eight digits, or null when the sum gives 10 (a
 * number the register never issues).
 */
export function uidCheckDigit(first8: string): number | null {
  const sum = [...first8].reduce((s, d, i) => s + Number(d) * UID_WEIGHTS[i], 0);
  const check = 11 - (sum % 11);
  if (check === 10) return null;
  return check === 11 ? 0 : check;
}

/**
 * What is wrong with a UID/VAT number, as a field message key, or null.
 * `seller.uidFormat`: not `CHE-123.456.789` with an optional ` MWST`/`TVA`/`IVA`;
 * `seller.uidCheckDigit`: the last digit is not the eCH-0097 check digit.
 */
export function uidProblem(input: string): 'seller.uidFormat' | 'seller.uidCheckDigit' | null {
  const m = UID_FORMAT.exec(input.trim());
  if (!m) return 'seller.uidFormat';
  const digits = m[1].replace(/\D/g, '');
  return uidCheckDigit(digits.slice(0, 8)) === Number(digits[8]) ? null : 'seller.uidCheckDigit';
}

/** A UID/VAT number in its register form, `CHE-123.456.789 MWST` (the input itself when it is not one). */
export function normalizeUid(input: string): string {
  const m = UID_FORMAT.exec(input.trim());
  if (!m) return input.trim();
  const d = m[1].replace(/\D/g, '');
  return `CHE-${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}${m[2] ? ` ${m[2].toUpperCase()}` : ''}`;
}

/**
 * What is wrong with the seller's postcode in `country`, as a field message key, or null:
 * `seller.postcodeCh` (not four digits, or a Liechtenstein postcode while the country is
 * Switzerland), `seller.postcodeLi` (Liechtenstein: 9485–9498).
 */
export function sellerPostcodeProblem(postalCode: string, country: string): 'seller.postcodeCh' | 'seller.postcodeLi' | null {
  const pc = postalCode.trim();
  if (country === 'LI') return LIECHTENSTEIN_POSTCODE.test(pc) ? null : 'seller.postcodeLi';
  return /^[1-9]\d{3}$/.test(pc) && !LIECHTENSTEIN_POSTCODE.test(pc) ? null : 'seller.postcodeCh';
}

/**
 * A setting as the admin types it: trimmed, refused with `problem`'s message key, stored as
 * `normalize` writes it. Called pure-annotated below, so pages that never validate a setting (the
 * storefront) leave the schemas, and ibantools' country tables, out of their bundle.
 */
function checkedSetting(problem: (v: string) => string | null, normalize: (v: string) => string) {
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const key = problem(v);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform(normalize);
}

/** The IBAN setting as the admin types it: checked ({@link ibanProblem}) and stored in groups of four. */
export const IbanSettingSchema = /* @__PURE__ */ checkedSetting(ibanProblem, normalizeIban);

/** The UID/VAT number setting as the admin types it: checked ({@link uidProblem}) and stored in register form. */
export const UidSettingSchema = /* @__PURE__ */ checkedSetting(uidProblem, normalizeUid);

/** The seller fields {@link invalidSellerFields} checks. */
export type CheckedSellerField = 'iban' | 'vatNumber' | 'postalCode' | 'email';

/**
 * The seller fields of stored settings that break the save-time rules (e.g. saved before they
 * existed, or written by a script or by SQL), with each field's message key: the dashboard names
 * them, since a QR-bill cannot be made with such an IBAN.
 */
export function invalidSellerFields(s: {
  iban: string;
  vatNumber: string;
  postalCode: string;
  country: string;
  email: string;
}): Partial<Record<CheckedSellerField, string>> {
  const out: Partial<Record<CheckedSellerField, string>> = {};
  const iban = ibanProblem(s.iban);
  if (iban) out.iban = iban;
  const uid = uidProblem(s.vatNumber);
  if (uid) out.vatNumber = uid;
  const pc = sellerPostcodeProblem(s.postalCode, s.country);
  if (pc) out.postalCode = pc;
  if (!z.email().safeParse(s.email).success) out.email = 'emailInvalid';
  return out;
}
