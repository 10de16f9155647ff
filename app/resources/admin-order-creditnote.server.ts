/** A refund's credit note as PDF (/admin/order/creditnote?no=<credit-note number>). Admin only; unknown numbers are 404. */
import { data } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { DomainError } from '../../core/errors.ts';
import { creditNoteFor } from '../../core/orders/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { pdfResponse } from '../lib/pdf-response.server.ts';

export async function loader({ request, context }: ResourceArgs) {
  await requireAdmin(context, request);
  const no = (new URL(request.url).searchParams.get('no') ?? '').slice(0, 80);
  try {
    const { pdf, refund } = await creditNoteFor(context.shop.db, no);
    return pdfResponse(pdf, `credit-note-${refund.creditNoteNumber}.pdf`);
  } catch (e) {
    if (e instanceof DomainError) throw data('Not found', { status: 404 });
    throw e;
  }
}
