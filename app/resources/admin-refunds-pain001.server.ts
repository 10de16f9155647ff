/**
 * POST /admin/refunds/pain001: the chosen refunds to pay (form field `ids`; none = all with an
 * IBAN) as a pain.001.001.09 (SPS) file to import into the e-banking (core/payments
 * `exportRefundsToPay`). Nothing is marked paid. When there is nothing to export, back to the
 * list with the reason; a GET goes back to the list. Admin only.
 */
import { redirect } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { DomainError } from '../../core/errors.ts';
import { exportRefundsToPay } from '../../core/payments/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';

export async function action({ request, context }: ResourceArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const ids = form.getAll('ids').map(String).slice(0, 1000);
  try {
    const file = await exportRefundsToPay(context.shop.db, admin.userId, {
      ids: ids.length ? ids : undefined,
      software: { name: 'Casa del Tabaco', version: '1' },
    });
    return new Response(file.xml, {
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.messageId}.xml"`,
        'Cache-Control': 'no-store',
      },
    });
  } catch (e) {
    if (e instanceof DomainError && e.opts.key?.startsWith('refundsToPay.'))
      throw redirect(`/admin/refunds?error=${encodeURIComponent(e.opts.key.slice('refundsToPay.'.length))}`);
    throw e;
  }
}

export async function loader() {
  throw redirect('/admin/refunds');
}
