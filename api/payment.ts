/**
 * Payment calls (docs/api.md, "Checkout"): `payment/start` and the
 * provider webhooks `POST /api/payment/webhook/{provider}`, whose raw body is read as is for the
 * signature check.
 */
import { z } from 'zod';
import { receiveWebhook, startPayment } from '../core/payments/index.ts';
import { requireAuth } from './auth.ts';
import { ApiRouter } from './openapi.ts';
import { sizeLimit } from './validation.ts';
import { publicOrigin } from '../core/config/browser.ts';

const StartPaymentBody = z.object({ orderID: z.string().trim().min(1).max(64) });

export const paymentApi = new ApiRouter(['payment'])
  .operation({
    method: 'post',
    path: '/start',
    summary: "Starts paying one of the caller's orders: a hosted payment page, or the QR-bill invoice for bank transfer",
    body: StartPaymentBody,
    auth: 'user',
    responses: {
      200: { description: 'Where to go', schema: z.union([z.object({ redirectUrl: z.string() }), z.object({ invoiceUrl: z.string() })]) },
      404: "Not found (also for someone else's order)",
      409: 'The order no longer awaits payment',
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      const auth = await requireAuth(c);
      const shop = c.get('shop');
      const origin = publicOrigin(shop.env);
      return c.json(await startPayment(shop, body.orderID, auth, origin));
    },
  })
  .operation({
    method: 'post',
    path: '/webhook/{provider}',
    summary: 'Provider webhook (`sandbox`: header Sandbox-Signature; `datatrans`: header Datatrans-Signature `t=…,s0=…`). Idempotent per transaction id',
    auth: 'none',
    responses: {
      200: { description: 'Received', schema: z.object({ received: z.boolean(), duplicate: z.boolean().optional() }) },
      400: 'The payment does not match its order (amount or currency); nothing changed',
      401: 'Missing or wrong signature; nothing changed',
      404: 'Unknown provider',
    },
    middleware: [sizeLimit(64 * 1024, (c) => c.json({ message: 'Payload too large' }, 413))],
    handler: async (c) => {
      const raw = await c.req.text();
      const result = await receiveWebhook(c.get('shop'), c.req.param('provider'), raw, c.req.raw.headers);
      if (result.handled === 'paid') return c.json({ received: true, duplicate: result.outcome.result === 'duplicate' });
      if (result.handled === 'duplicate') return c.json({ received: true, duplicate: true });
      return c.json({ received: true });
    },
  });
