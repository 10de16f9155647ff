/** `GET /api/configuration/configurations` (specification section 7). */
import { Hono } from 'hono';
import { z } from 'zod';
import { getCachedSettings as getSettings } from '../core/config/index.ts';
import { configurationJson } from '../core/config/browser.ts';
import { documented } from './openapi.ts';
import type { ApiEnv } from './types.ts';

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

export const configurationApi = new Hono<ApiEnv>().get('/configurations', async (c) => {
  return c.json(configurationJson(await getSettings(c.get('shop').db)));
});

documented({
  method: 'get',
  path: '/configuration/configurations',
  summary: 'The shop configuration (address, contacts, shop_closed, promotional text, VAT number, fees)',
  tags: ['configuration'],
  responses: { 200: { description: 'Configuration', schema: ConfigurationSchema } },
});
