/**
 * Who is calling. Resolves the caller of an HTTP request from the `accestoken` header,
 * `Authorization: Bearer`, or the web UI's session cookie.
 *
 * Placeholder until the accounts module (issue 4) issues tokens: nobody is authenticated.
 */
import type { Role } from './schema.ts';
import type { Shop } from '../shop.ts';

/** An authenticated caller. */
export type AuthUser = { userId: string; role: Role };

/**
 * @returns the caller, or null when the request carries no credentials.
 * @throws {import('../errors.ts').DomainError} `token_expired` (417) for an expired access token,
 *   `unauthenticated` (401) for an invalid one.
 */
export async function authenticate(_shop: Shop, _request: Request): Promise<AuthUser | null> {
  return null;
}
