/**
 * The shop's settings: the specification's configuration object (section 3, "Configuration")
 * plus the seller data, VAT number and delivery fees. Money in Rappen.
 */
import { z } from 'zod';
import { DEFAULT_PROMO_TEXT, MAX_PROMO_TEXT, PROMO_TEXT_LOCALES } from './promo-text.ts';
import { DEFAULT_TIME_ZONE, isTimeZone, LOCALES } from '../i18n/browser.ts';
import { MAX_RETURN_ADDRESS, MAX_RETURN_TEXT, RETURN_SHIPPING } from './return-settings.ts';
import { DEFAULT_SITE_NAME, MAX_SITE_NAME } from './site-brand.ts';

/**
 * Whether `value` may be a social-media link of the shop: an absolute
 * `https:` URL with a host and no credentials, at most 200 characters; the empty string means "no
 * link". Anything else (`javascript:`, `http:`, `@handle`, relative paths) is refused, so an admin
 * account cannot turn the footer into a script or phishing link.
 */
export function isSocialLink(value: string): boolean {
  if (value === '') return true;
  if (value.length > 200 || /\s/.test(value) || !URL.canParse(value)) return false;
  const u = new URL(value);
  return u.protocol === 'https:' && u.hostname.length > 0 && !u.username && !u.password;
}

/** Translation key of the field message for a refused social link (English: {@link SOCIAL_LINK_MESSAGE}). */
export const SOCIAL_LINK_MESSAGE_KEY = 'errors:httpsOnly';
/** The English field message for a refused social link. */
export const SOCIAL_LINK_MESSAGE = 'Enter an https:// address, or leave the field empty';

/** Translation key of the field message for an unknown time zone. */
export const TIME_ZONE_MESSAGE_KEY = 'errors:timeZoneUnknown';

/** The social-link fields of the settings. */
export const SOCIAL_LINK_FIELDS = ['telegram', 'facebook', 'instagram'] as const;

export const ShopSettingsSchema = z.object({
  /** Company (seller) name, shown on invoices and in the footer. */
  companyName: z.string().min(1),
  /** Postal address of the shop (spec field `dir`). */
  dir: z.string().min(1),
  /** Structured seller address for invoices and QR-bills. */
  street: z.string().min(1),
  buildingNumber: z.string().default(''),
  postalCode: z.string().regex(/^\d{4}$/),
  city: z.string().min(1),
  country: z.string().length(2).default('CH'),
  whatsapp: z.string(),
  email: z.email(),
  telegram: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  shop_closed: z.boolean(),
  /**
   * The promotional banner: `text` in English (every language's fallback), `texts` the admin's own
   * text per picker language (de, fr, it, es; core/config/promo-text.ts promoTextFor).
   */
  promotionalInfo: z.object({
    text: z.string(),
    texts: z.partialRecord(z.enum(PROMO_TEXT_LOCALES), z.string().max(MAX_PROMO_TEXT)).optional().catch(undefined),
  }),
  /** Swiss UID/VAT number, e.g. `CHE-123.456.789 MWST`. */
  vatNumber: z.string().min(1),
  /** VAT rate in basis points (810 = 8.1 %, Swiss standard rate since 2024). */
  vatRateBasisPoints: z.number().int().min(0).max(10_000),
  /** Shipping fee in Rappen. */
  shippingFee: z.number().int().min(0),
  /** Orders with a subtotal (after discount) at or above this ship free; Rappen. */
  freeShippingThreshold: z.number().int().min(0),
  /**
   * IBAN (or QR-IBAN) for bank transfers / QR-bills. Read as stored; saving checks it
   * (core/config/seller.ts), so a value stored before the check never stops a page.
   */
  iban: z.string().min(15),
  /** Minutes an unpaid card/TWINT/sandbox order holds its stock. */
  cardPaymentExpiryMinutes: z.number().int().min(1),
  /** Days an unpaid bank-transfer order holds its stock. */
  bankTransferExpiryDays: z.number().int().min(1),
  /** Influencer bonus: percent of an attributed order's goods total after discounts (ADR 009). */
  influencerBonusPercent: z.number().int().min(0).max(100),
  /** Where the shop's own mails go (new orders, low stock); empty = {@link ShopSettings.email}. */
  orderNotificationEmail: z.union([z.literal(''), z.email()]),
  /** Language of the shop's own mails (a locale code of the mail texts, e.g. `de`). */
  shopMailLocale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  /**
   * Whether the shop also delivers to Liechtenstein (ADR 014). Off by default: the specification
   * says "delivery in Switzerland only"; every text and the address check follow this setting.
   */
  deliverLiechtenstein: z.boolean().default(false),
  /**
   * The shop's time zone (IANA name): every date shown, mailed or printed and every calendar day
   * the shop counts in (promo validity, reports, filters, the age rule) is of this zone
   * (docs/decisions/021-shop-time-zone.md).
   */
  timeZone: z.string().refine(isTimeZone, TIME_ZONE_MESSAGE_KEY).default(DEFAULT_TIME_ZONE),
  /**
   * Whether a customer whose return is accepted sends the item back (`send`, to
   * {@link ShopSettings.returnAddress}) or keeps it (`keep`: e.g. a damaged cigar not worth the
   * postage). Told in the acceptance mail (core/mail/return-instructions.ts).
   */
  returnShipping: z.enum(RETURN_SHIPPING).catch('send').default('send'),
  /** Where returns go, as printed on the parcel (lines); empty = the seller's address. At most {@link MAX_RETURN_ADDRESS} characters. */
  returnAddress: z.string().max(MAX_RETURN_ADDRESS).catch('').default(''),
  /**
   * The shop's own return text per language (locale code to text, at most
   * {@link MAX_RETURN_TEXT} characters each); a language without one reads `en`, and without that
   * the built-in text of the mail.
   */
  returnText: z.partialRecord(z.enum(LOCALES), z.string().max(MAX_RETURN_TEXT)).catch({}).default({}),
  /** The storefront's name (navbar, footer, page titles, mail headers: core/config/site-brand.ts); empty = the default. */
  siteName: z.string().max(MAX_SITE_NAME).catch(DEFAULT_SITE_NAME).default(DEFAULT_SITE_NAME),
  /** The storefront's logo, rendered as product photos are; null = the name alone. */
  siteLogo: z
    .object({
      id: z.string().regex(/^[0-9a-f-]{36}$/),
      width: z.number().int().min(1),
      height: z.number().int().min(1),
      widths: z.array(z.number().int().min(1)).min(1),
    })
    .nullable()
    .catch(null)
    .default(null),
});

export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

/** The settings a fresh shop starts with (seed). */
export const DEFAULT_SETTINGS: ShopSettings = {
  companyName: 'Casa del Tabaco Dominicano GmbH',
  dir: 'Bahnhofstrasse 21, 8001 Zürich, Switzerland',
  street: 'Bahnhofstrasse',
  buildingNumber: '21',
  postalCode: '8001',
  city: 'Zürich',
  country: 'CH',
  whatsapp: '+41 79 123 45 67',
  email: 'info@casadeltabaco.ch',
  telegram: 'https://t.me/casadeltabaco',
  facebook: 'https://www.facebook.com/casadeltabaco',
  instagram: 'https://www.instagram.com/casadeltabaco',
  shop_closed: false,
  promotionalInfo: { text: DEFAULT_PROMO_TEXT },
  vatNumber: 'CHE-123.456.788 MWST', // an example with a valid eCH-0097 check digit (core/config/seller.ts)
  vatRateBasisPoints: 810,
  shippingFee: 900,
  freeShippingThreshold: 15_000,
  iban: 'CH44 3199 9123 0008 8901 2',
  cardPaymentExpiryMinutes: 30,
  bankTransferExpiryDays: 5, // shorter reservations (at most 7 days, core/orders/hoarding.ts)
  influencerBonusPercent: 10,
  orderNotificationEmail: '',
  shopMailLocale: 'de',
  deliverLiechtenstein: false,
  timeZone: DEFAULT_TIME_ZONE,
  returnShipping: 'send',
  returnAddress: '',
  returnText: {},
  siteName: DEFAULT_SITE_NAME,
  siteLogo: null,
};
