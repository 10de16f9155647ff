/**
 * The frame of an admin page's action: the Admin check (which answers a log-in redirect or a 403
 * itself), the posted form, then the work through {@link pageAction}, so a DomainError becomes the
 * form's message in the admin's language.
 */
import type { AuthUser } from '../../core/accounts/index.ts';
import type { ShopLoadContext } from '../context.ts';
import { requireAdmin } from './auth.server.ts';
import { pageAction, type PageActionOptions } from './page-action.server.ts';

/**
 * Runs `work(admin, form)` for an Admin's post and answers as {@link pageAction} does.
 * `opts` may be a function of the posted form (e.g. `(form) => ({ form })` to show a refused
 * form again as typed).
 * @throws the Admin check's redirect or 403 response; whatever pageAction rethrows.
 */
export async function adminPageAction<T, X extends object = Record<never, never>>(
  { request, context }: { request: Request; context: ShopLoadContext },
  work: (admin: AuthUser, form: FormData) => Promise<T>,
  opts: PageActionOptions<X> | ((form: FormData) => PageActionOptions<X>) = {},
) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  return pageAction(context, () => work(admin, form), typeof opts === 'function' ? opts(form) : opts);
}
