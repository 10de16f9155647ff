/**
 * CSV export of the admin order list (/admin/order/export?<the list's filters>): exactly the orders
 * the list shows for the same filters, all pages. Admin only.
 */
import type { ResourceArgs } from './types.ts';
import { orderFilterFromParams, ordersCsv } from '../../core/orders/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { recordAudit } from '../../core/audit/index.ts';
import { getCachedSettings as getSettings } from '../../core/config/index.ts';
import { todayIn } from '../../core/i18n/browser.ts';

export async function loader({ request, context }: ResourceArgs) {
  const admin = await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const csv = await ordersCsv(context.shop, orderFilterFromParams(params));
  // an export carries every listed customer's name and e-mail: who took it, and which filter
  await recordAudit(context.shop.db, {
    actor: `admin:${admin.userId}`,
    action: 'order.export',
    entity: 'order',
    after: { filter: params.toString().slice(0, 500) },
  });
  // the shop's day, as in the file's times
  const day = todayIn((await getSettings(context.shop.db)).timeZone);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
