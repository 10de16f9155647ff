/**
 * Data export of a user for an admin (/admin/user/export?id=): everything the shop keeps about the
 * person as one JSON file (revFADP right of access, `exportUserData`). Admin only: anonymous to
 * /login, other roles 403, unknown id 404. Never cached.
 */
import type { ResourceArgs } from './types.ts';
import { exportUserData } from '../../core/accounts/index.ts';
import { MAX_ID_LENGTH } from '../../core/validation.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { recordAudit } from '../../core/audit/index.ts';
import { loaderGuard } from '../lib/loader-guard.server.ts';

export async function loader({ request, context }: ResourceArgs) {
  const admin = await requireAdmin(context, request);
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  return loaderGuard(context, async () => {
    const doc = await exportUserData(context.shop.db, id);
    // a person's whole file left the shop: who took it (revFADP, accountability)
    await recordAudit(context.shop.db, { actor: `admin:${admin.userId}`, action: 'user.export', entity: 'user', entityId: id });
    return new Response(JSON.stringify(doc, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="personal-data-${id}.json"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });
}
