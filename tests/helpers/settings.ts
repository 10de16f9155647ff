/**
 * The admin settings form (`/admin/settings`) filled with the shop's current settings, as the
 * page would post it unchanged; tests spread the fields they change over it. Money fields are
 * the form's CHF strings (delivery fee CHF 9.00, free delivery from CHF 150.00).
 */
import type { ShopSettings } from '../../core/config/settings.ts';

/** Every field of the settings form, from `s`. */
export function settingsForm(s: ShopSettings): Record<string, string> {
  return {
    companyName: s.companyName,
    dir: s.dir,
    street: s.street,
    buildingNumber: s.buildingNumber,
    postalCode: s.postalCode,
    city: s.city,
    whatsapp: s.whatsapp,
    email: s.email,
    telegram: s.telegram,
    facebook: s.facebook,
    instagram: s.instagram,
    promotionalText: s.promotionalInfo.text,
    vatNumber: s.vatNumber,
    shippingFee: '9.00',
    freeShippingThreshold: '150.00',
    iban: s.iban,
    cardPaymentExpiryMinutes: String(s.cardPaymentExpiryMinutes),
    bankTransferExpiryDays: String(s.bankTransferExpiryDays),
  };
}

/**
 * The settings form filled with fixed example data (a shop in Bern), for tests that post a whole
 * form of their own: they add the promotional text, the delivery fees and what they change.
 */
export const EXAMPLE_SETTINGS_FORM: Readonly<Record<string, string>> = {
  companyName: 'Casa del Tabaco Dominicano GmbH',
  dir: 'Marktgasse 5, 3011 Bern',
  street: 'Marktgasse',
  buildingNumber: '5',
  postalCode: '3011',
  city: 'Bern',
  whatsapp: '+41 79 000 00 00',
  email: 'shop@example.ch',
  telegram: 'https://t.me/x',
  facebook: 'https://facebook.com/x',
  instagram: 'https://instagram.com/x',
  vatNumber: 'CHE-123.456.788 MWST',
  iban: 'CH44 3199 9123 0008 8901 2',
  cardPaymentExpiryMinutes: '30',
  // at most 7 (shorter reservations)
  bankTransferExpiryDays: '5',
};
