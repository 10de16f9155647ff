/**
 * The delivery region (ADR 014): Switzerland only, as the specification says ("delivery in
 * Switzerland only"), and Liechtenstein too when the admin turns on `deliverLiechtenstein`
 * (customs union and one VAT area with Switzerland; postcodes 9485–9498 in the Swiss system).
 * Every address a customer gives (registration, profile, checkout, admin edits) passes
 * {@link assertDeliveryRegion}; texts choose their variant with {@link regionContext}.
 */
import type { ShopSettings } from './settings.ts';
import type { Db } from '../db/index.ts';
import { getSettings } from './service.ts';
import { DomainError, type FieldMessages } from '../errors.ts';

/** Liechtenstein's postcodes in the Swiss system: 9485–9498 (Swiss Post). */
const LIECHTENSTEIN_POSTCODE = /^94(8[5-9]|9[0-8])$/;

/**
 * The i18next context of a region-dependent text: `'li'` picks the `…_li` variant of a key
 * ("Switzerland and Liechtenstein") while Liechtenstein is served; otherwise the base key
 * ("Switzerland only").
 */
export function regionContext(s: Pick<ShopSettings, 'deliverLiechtenstein'>): 'li' | undefined {
  return s.deliverLiechtenstein ? 'li' : undefined;
}

/**
 * Field messages for an address outside the delivery region, or null when it is inside.
 * Refused while Liechtenstein is off: country `LI`, and a `CH` address with a Liechtenstein
 * postcode (the parcel would go to Liechtenstein all the same).
 * @param prefix the address's path in the input (`address.` for a registration), '' at the top.
 */
export function regionProblem(
  address: { country?: string | null; postalCode?: string | null },
  s: Pick<ShopSettings, 'deliverLiechtenstein'>,
  prefix = '',
): FieldMessages | null {
  if (s.deliverLiechtenstein) return null;
  const country = (address.country ?? 'CH').trim().toUpperCase();
  if (country === 'LI') return { [`${prefix}country`]: { key: 'countryInvalid' } };
  if (LIECHTENSTEIN_POSTCODE.test((address.postalCode ?? '').trim())) return { [`${prefix}postalCode`]: { key: 'postcodeLiechtenstein' } };
  return null;
}

/**
 * Refuses an address outside the delivery region.
 * @param s the settings, or a database to read them from.
 * @throws {DomainError} `invalid` (400), key `deliverySwitzerlandOnly`, with the field named
 *   (`country`: "We deliver in Switzerland only"; `postalCode` for a Liechtenstein postcode).
 */
export async function assertDeliveryRegion(
  s: Pick<ShopSettings, 'deliverLiechtenstein'> | Db,
  address: { country?: string | null; postalCode?: string | null },
  prefix = '',
): Promise<void> {
  const settings = 'deliverLiechtenstein' in s ? s : await getSettings(s as Db);
  const fields = regionProblem(address, settings, prefix);
  if (fields) throw new DomainError('invalid', 'We deliver in Switzerland only', { key: 'deliverySwitzerlandOnly', fields });
}

/**
 * Marks the region-dependent messages of validation fields for the `…_li` text variants while
 * Liechtenstein is served (e.g. "We deliver in Switzerland and Liechtenstein only").
 */
export function withRegionContext(fields: FieldMessages, s: Pick<ShopSettings, 'deliverLiechtenstein'>): FieldMessages {
  const context = regionContext(s);
  if (!context) return fields;
  const out: FieldMessages = {};
  for (const [f, m] of Object.entries(fields))
    out[f] = m.key === 'countryInvalid' || m.key === 'postcodeInvalid' ? { ...m, params: { ...m.params, context } } : m;
  return out;
}
