/**
 * Log out (POST /logout; docs/product.md §4): revokes the session family, clears the
 * session cookies, starts a new empty anonymous cart, and goes to `/`. GET only redirects, so a
 * link or a prefetch can never sign anyone out.
 */
import { redirect } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { logout, cartCookieHeader, clearSessionCookieHeaders, refreshTokenFromRequest } from '../../core/accounts/index.ts';
import { newAnonymousCartId } from '../../core/cart/index.ts';

export async function action({ request, context }: ResourceArgs) {
  await logout(context.shop, refreshTokenFromRequest(request, context.shop.env));
  const headers = new Headers();
  for (const c of clearSessionCookieHeaders(context.shop.env)) headers.append('Set-Cookie', c);
  headers.append('Set-Cookie', cartCookieHeader(newAnonymousCartId(), context.shop.env));
  return redirect('/', { headers });
}

export function loader() {
  return redirect('/');
}
