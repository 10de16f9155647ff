/** `GET /api/configuration/configurations` (docs/product.md §7). */
import { z } from 'zod';
import { getCachedSettings as getSettings } from '../core/config/index.ts';
import { configurationJson, PROMO_TEXT_LOCALES } from '../core/config/browser.ts';
import { ApiRouter } from './openapi.ts';

const ConfigurationSchema = z.object({
  dir: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  telegram: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  shop_closed: z.boolean(),
  /** `text` in English (every language's fallback), `texts` the admin's own text per picker language. */
  promotionalInfo: z.object({ text: z.string(), texts: z.partialRecord(z.enum(PROMO_TEXT_LOCALES), z.string()).optional() }),
  companyName: z.string(),
  vatNumber: z.string(),
  vatRate: z.number(),
  shippingFee: z.number(),
  freeShippingThreshold: z.number(),
  deliverLiechtenstein: z.boolean(),
  /** IANA time zone of the shop's dates, e.g. `Europe/Zurich`. */
  timeZone: z.string(),
  currency: z.literal('CHF'),
  /** The storefront's name and logo (a JPEG `src` and WebP `srcSet` under /media), from the settings. */
  brand: z.object({
    name: z.string(),
    logo: z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() }).nullable(),
  }),
});

export const configurationApi = new ApiRouter(['configuration']).operation({
  method: 'get',
  path: '/configurations',
  summary: 'The shop configuration (address, contacts, shop_closed, promotional text, VAT number, fees)',
  responses: { 200: { description: 'Configuration', schema: ConfigurationSchema } },
  handler: async (c) => c.json(configurationJson(await getSettings(c.get('shop').db))),
});
