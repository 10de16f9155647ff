/**
 * `email/send` (docs/product.md §7): a test helper to check the mail set-up. Admins only,
 * and only to one recipient per call, so the shop is never an open relay. The mail goes through
 * the outbox like every other.
 */
import { z } from 'zod';
import { sendTestMail } from '../core/mail/index.ts';
import { ApiRouter } from './openapi.ts';

const SendBody = z.object({ recipient: z.email(), subject: z.string().trim().min(1).max(200), content: z.string().min(1).max(20000) });
const SendAnswer = z.object({ message: z.string(), id: z.string() });

export const emailApi = new ApiRouter(['email', 'admin']).operation({
  method: 'post',
  path: '/send',
  summary: 'Sends a test e-mail (admin only)',
  body: SendBody,
  auth: 'admin',
  responses: { 200: { description: 'Queued and, with SMTP, sent', schema: SendAnswer }, 401: 'No token', 403: 'Not an admin' },
  handler: async (c) => {
    const body = c.req.valid('json');
    const shop = c.get('shop');
    const id = await sendTestMail(shop, { to: body.recipient, subject: body.subject, content: body.content });
    return c.json({
      message: shop.env.SMTP_URL ? 'The e-mail was sent (or queued for retry)' : 'The e-mail was stored in the outbox (no SMTP server configured)',
      id,
    });
  },
});
