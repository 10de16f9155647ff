/** `GET /api/configuration/configurations` (docs/product.md §7). */
import { z } from 'zod';
import { getCachedSettings as getSettings } from '../core/config/index.ts';
import { configurationJson } from '../core/config/browser.ts';
import { ApiRouter } from './openapi.ts';

export const ConfigurationSchema = z.object({
  dir: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  telegram: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  shop_closed: z.boolean(),
  promotionalInfo: z.object({ text: z.string() }),
  companyName: z.string(),
  vatNumber: z.string(),
  vatRate: z.number(),
  shippingFee: z.number(),
  freeShippingThreshold: z.number(),
  deliverLiechtenstein: z.boolean(),
  /** IANA time zone of the shop's dates, e.g. `Europe/Zurich`. */
  timeZone: z.string(),
  currency: z.literal('CHF'),
});

export const configurationApi = new ApiRouter(['configuration']).operation({
  method: 'get',
  path: '/configurations',
  summary: 'The shop configuration (address, contacts, shop_closed, promotional text, VAT number, fees)',
  responses: { 200: { description: 'Configuration', schema: ConfigurationSchema } },
  handler: async (c) => c.json(configurationJson(await getSettings(c.get('shop').db))),
});
