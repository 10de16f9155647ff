/**
 * A credit note PDF for the customer (/client/creditnote?no=<credit-note number>): the refund's
 * order must be the caller's (an admin may read any); anyone else, and unknown numbers, get 404
 * (the existence of someone else's credit note is not revealed). API clients send their
 * `accestoken` header, as for the invoice (`GET /api/order/get` lists these URLs).
 */
import { redirect } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { creditNoteFor, getOrderFor } from '../../core/orders/index.ts';
import { consumeRateLimit } from '../../core/rate-limit/index.ts';
import { documentCaller } from '../lib/document-caller.server.ts';
import { pdfResponse } from '../lib/pdf-response.server.ts';
import { loaderGuard } from '../lib/loader-guard.server.ts';

export async function loader({ request, context, url }: ResourceArgs) {
  const auth = await documentCaller(request, context);
  if (!auth) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  // someone else's credit note, or a bad number, reads as unknown; the rate limit keeps its 429
  return loaderGuard(
    context,
    async () => {
      await consumeRateLimit(context.shop, 'invoice', context.clientIp ?? 'unknown', auth.userId);
      const { pdf, refund } = await creditNoteFor(context.shop.db, (url.searchParams.get('no') ?? '').slice(0, 80));
      await getOrderFor(context.shop, refund.orderId, auth);
      return pdfResponse(pdf, `credit-note-${refund.creditNoteNumber}.pdf`);
    },
    { hide: 'all' },
  );
}
