/**
 * POST /admin/refunds/pain001: the chosen refunds to pay (form field `ids`; none = all with an
 * IBAN) as a pain.001.001.09 (SPS) file to import into the e-banking (core/payments
 * `exportRefundsToPay`). Nothing is marked paid. When there is nothing to export, back to the
 * list with the reason; a GET goes back to the list. Admin only.
 */
import { redirect } from 'react-router';
import { z } from 'zod';
import type { ResourceArgs } from './types.ts';
import { DomainError } from '../../core/errors.ts';
import { exportRefundsToPay } from '../../core/payments/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { loaderGuard } from '../lib/loader-guard.server.ts';
import { formList, readForm } from '../lib/page-action.server.ts';

export async function action({ request, context }: ResourceArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  // what the list page cannot show (a refused read) is answered as the loader guard answers it
  return loaderGuard(context, async () => {
    const { ids } = readForm(z.object({ ids: formList() }), form);
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
      // nothing to export: back to the list, which says why
      if (e instanceof DomainError && e.opts.key?.startsWith('refundsToPay.'))
        throw redirect(`/admin/refunds?error=${encodeURIComponent(e.opts.key.slice('refundsToPay.'.length))}`);
      throw e;
    }
  });
}

export async function loader() {
  throw redirect('/admin/refunds');
}
