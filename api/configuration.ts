/** `GET /api/configuration/configurations` (specification section 7). */
import { z } from 'zod';
import { getSettings } from '../core/config/settings-cache.server.ts';
import type { ShopSettings } from '../core/config/settings.ts';
import { rappenToChf } from '../core/pricing/money.ts';
import { ApiRouter } from './openapi.ts';

/** The configuration object of the specification plus the shop's further public settings. */
export function configurationJson(s: ShopSettings) {
  return {
    dir: s.dir,
    whatsapp: s.whatsapp,
    email: s.email,
    telegram: s.telegram,
    facebook: s.facebook,
    instagram: s.instagram,
    shop_closed: s.shop_closed,
    promotionalInfo: { text: s.promotionalInfo.text },
    companyName: s.companyName,
    vatNumber: s.vatNumber,
    vatRate: s.vatRateBasisPoints / 100,
    shippingFee: rappenToChf(s.shippingFee),
    freeShippingThreshold: rappenToChf(s.freeShippingThreshold),
    /** Whether Liechtenstein is delivered to besides Switzerland (ADR 014). */
    deliverLiechtenstein: s.deliverLiechtenstein,
    currency: 'CHF',
  };
}

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
  currency: z.literal('CHF'),
});

export const configurationApi = new ApiRouter(['configuration']).operation({
  method: 'get',
  path: '/configurations',
  summary: 'The shop configuration (address, contacts, shop_closed, promotional text, VAT number, fees)',
  responses: { 200: { description: 'Configuration', schema: ConfigurationSchema } },
  handler: async (c) => c.json(configurationJson(await getSettings(c.get('shop').db))),
});
