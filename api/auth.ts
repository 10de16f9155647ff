/** Authentication helpers for API handlers. */
import type { Context } from 'hono';
import { authenticate, isEffectiveAdmin, type AuthUser } from '../core/accounts/index.ts';
import { DomainError } from '../core/errors.ts';
import type { ApiEnv } from './types.ts';

/** The caller, or null when anonymous. Cached per request. @throws {DomainError} 417 / 401 for bad tokens. */
async function optionalAuth(c: Context<ApiEnv>): Promise<AuthUser | null> {
  const cached = c.get('auth');
  if (cached !== undefined) return cached;
  const auth = await authenticate(c.get('shop'), c.req.raw);
  c.set('auth', auth);
  return auth;
}

/** The caller. @throws {DomainError} 401 when anonymous. */
export async function requireAuth(c: Context<ApiEnv>): Promise<AuthUser> {
  const auth = await optionalAuth(c);
  if (!auth) throw new DomainError('unauthenticated', 'Please log in', { key: 'loginRequired' });
  return auth;
}

/**
 * The caller, who must be the user `userID` or an admin (an admin may act for anyone; an admin
 * still to set up the two-factor log-in the shop requires is not one: core/accounts/auth.ts
 * `isEffectiveAdmin`).
 * @throws {DomainError} 401 when anonymous (417 / 401 for bad tokens), 403 for anyone else.
 */
export async function requireSelfOrAdmin(c: Context<ApiEnv>, userID: string): Promise<AuthUser> {
  const auth = await requireAuth(c);
  if (auth.userId !== userID && !isEffectiveAdmin(auth)) throw new DomainError('forbidden', 'Not allowed', { key: 'forbidden' });
  return auth;
}

/**
 * The caller, who must be an Admin (and, when the shop requires it of every admin, one with
 * two-factor log-in turned on).
 * @throws {DomainError} 401 anonymous, 403 other roles or two-factor log-in still to set up.
 */
export async function requireAdmin(c: Context<ApiEnv>): Promise<AuthUser> {
  const auth = await requireAuth(c);
  if (auth.twoFactorSetupPending)
    throw new DomainError('forbidden', 'Set up two-factor log-in on your profile first', { key: 'account:twoFactor.errors.setupRequired' });
  if (!isEffectiveAdmin(auth)) throw new DomainError('forbidden', 'Not allowed', { key: 'forbidden' });
  return auth;
}
