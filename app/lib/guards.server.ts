/**
 * Server-side role checks for loaders and actions (issue 4, item 6). The admin layout already
 * guards every /admin page's render; actions run without the layout loader, so each admin
 * action calls {@link requireAdminContext} itself.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import type { AuthUser } from '../../core/accounts/auth.ts';

/**
 * @throws a redirect to /login for anonymous visitors, a 403 response for other roles.
 */
export function requireAdminContext(context: AppLoadContext, returnTo = '/admin/home'): AuthUser {
  if (!context.auth) throw redirect(`/login?redirectTo=${encodeURIComponent(returnTo)}`);
  if (context.auth.role !== 'Admin') throw data({ forbidden: true }, { status: 403 });
  return context.auth;
}
