/** Who asks for a document (PDF, return photo): the web session, else the API's `accestoken` / Bearer header. */
import { data } from 'react-router';
import { authenticate, type AuthUser } from '../../core/accounts/index.ts';
import type { ShopLoadContext } from '../context.ts';

/**
 * The caller, or null when neither a session nor a token header is present.
 * @throws a 401 answer for an invalid or expired token.
 */
export async function documentCaller(request: Request, context: Pick<ShopLoadContext, 'auth' | 'shop'>): Promise<AuthUser | null> {
  if (context.auth) return context.auth;
  if (!request.headers.get('accestoken') && !request.headers.get('authorization')) return null;
  try {
    return await authenticate(context.shop, request);
  } catch {
    throw data('Invalid or expired access token', { status: 401 });
  }
}
