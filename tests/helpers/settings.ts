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
