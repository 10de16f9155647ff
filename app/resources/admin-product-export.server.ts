/** CSV export of the whole catalogue (/admin/product/export), in the columns the CSV import reads. Admin only. */
import type { ResourceArgs } from './types.ts';
import { productsCsv } from '../../core/catalogue/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { recordAudit } from '../../core/audit/index.ts';
import { getCachedSettings as getSettings } from '../../core/config/index.ts';
import { todayIn } from '../../core/i18n/browser.ts';

export async function loader({ request, context }: ResourceArgs) {
  const admin = await requireAdmin(context, request);
  const [csv, { timeZone }] = await Promise.all([productsCsv(context.shop.db), getSettings(context.shop.db)]);
  await recordAudit(context.shop.db, { actor: `admin:${admin.userId}`, action: 'product.export', entity: 'product' });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="products-${todayIn(timeZone)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
