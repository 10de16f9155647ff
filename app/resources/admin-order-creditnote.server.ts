/** A refund's credit note as PDF (/admin/order/creditnote?no=<credit-note number>). Admin only; unknown numbers are 404. */
import type { ResourceArgs } from './types.ts';
import { creditNoteFor } from '../../core/orders/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { pdfResponse } from '../lib/pdf-response.server.ts';
import { loaderGuard } from '../lib/loader-guard.server.ts';

export async function loader({ request, context }: ResourceArgs) {
  await requireAdmin(context, request);
  const no = (new URL(request.url).searchParams.get('no') ?? '').slice(0, 80);
  const { pdf, refund } = await loaderGuard(context, () => creditNoteFor(context.shop.db, no), { hide: 'all' });
  return pdfResponse(pdf, `credit-note-${refund.creditNoteNumber}.pdf`);
}
