/**
 * A customer's own data as JSON (/profile/export; revFADP right of access, `exportUserData`),
 * offered on /profile. Signed-in users only (anonymous visitors go to /login and come back).
 * Never cached.
 */
import type { ResourceArgs } from './types.ts';
import { exportUserData } from '../../core/accounts/index.ts';
import { requireUser } from '../lib/auth.server.ts';

export async function loader({ request, context }: ResourceArgs) {
  const auth = requireUser(context, request);
  const doc = await exportUserData(context.shop.db, auth.userId);
  return new Response(JSON.stringify(doc, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="my-data-casa-del-tabaco.json"',
      'Cache-Control': 'private, no-store',
    },
  });
}
