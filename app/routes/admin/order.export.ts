/**
 * CSV export of the admin order list (/admin/order/export?<the list's filters>): exactly the orders
 * the list shows for the same filters, all pages. Admin only.
 */
import type { Route } from './+types/order.export';
import { orderFilterFromParams, ordersCsv } from '../../../core/orders/admin.ts';
import { requireAdmin } from '../../lib/auth.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const csv = await ordersCsv(context.shop, orderFilterFromParams(new URL(request.url).searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
