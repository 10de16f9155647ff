/** /admin: goes to the dashboard (Admin only, checked here too: a data request can skip the layout). */
import { redirect } from 'react-router';
import type { Route } from './+types/index';
import { requireAdmin } from '../../lib/auth.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  throw redirect('/admin/home');
}

export default function AdminIndex() {
  return null;
}
