/**
 * Invoice PDF download (/client/invoice?id=<order code or id>): the invoice of a paid order, or
 * for an unpaid bank-transfer order the invoice with its Swiss QR-bill. The order's customer or
 * an admin only; anyone else gets 404. API clients send their `accestoken` header
 * (`payment/start` answers this URL as `invoiceUrl`). Rate-limited per IP and account.
 */
import { data, redirect } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { getSettings } from '../../core/config/index.ts';
import { invoicePhotos } from '../../core/catalogue/index.ts';
import { invoicePdf } from '../../core/invoices/index.ts';
import { getOrderFor } from '../../core/orders/index.ts';
import { consumeRateLimit } from '../../core/rate-limit/index.ts';
import { MAX_ID_LENGTH } from '../../core/validation.ts';
import { documentCaller } from '../lib/document-caller.server.ts';
import { loaderGuard } from '../lib/loader-guard.server.ts';
import { pdfResponse } from '../lib/pdf-response.server.ts';
import { translate } from '../../core/i18n/index.ts';

export async function loader({ request, context, url }: ResourceArgs) {
  const auth = await documentCaller(request, context);
  if (!auth) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  await loaderGuard(context, () => consumeRateLimit(context.shop, 'invoice', context.clientIp ?? 'unknown', auth.userId));
  const id = url.searchParams.get('id') ?? '';
  // someone else's order, or an unknown one, is not found
  const order = await loaderGuard(context, () => getOrderFor(context.shop, id.slice(0, MAX_ID_LENGTH), auth), { hide: 'all' });
  // a refunded order keeps its invoice (the credit notes refer to it)
  const paid = (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') && order.invoiceNumber;
  const qr = !paid && order.paymentMethod === 'qr-bill' && order.status === 'pending_payment';
  if (!paid && !qr) throw data('Not found', { status: 404 });
  let pdf;
  try {
    pdf = await invoicePdf(order, await getSettings(context.shop.db), {
      withQrBill: qr,
      date: qr ? order.createdAt : undefined,
      photos: await invoicePhotos(context.shop, order.lines),
    });
  } catch (err) {
    // e.g. swissqrbill refuses an IBAN stored before the settings checked it: the order stands,
    // the customer is told the document follows (not an error page), the shop hears of it
    context.shop.log.error({ err, order: order.code }, 'invoice PDF could not be made');
    throw new Response(translate(context.lang, 'checkout:success.qrBillUnavailable'), {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '600', 'cache-control': 'no-store' },
    });
  }
  return pdfResponse(pdf, paid ? `invoice-${order.invoiceNumber}.pdf` : `qr-bill-${order.code}.pdf`);
}
