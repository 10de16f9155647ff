/**
 * Where the log-in form leads once the session has started: an explicit same-site `redirectTo`
 * wins; without one, an Admin goes to the back office (an admin logs in to work there, above all
 * on a phone, where the way from the storefront to it is long), everyone else to the storefront.
 */
import { isEffectiveAdmin } from '../../core/accounts/browser.ts';
import { safeRedirect } from '../../core/safe-redirect.ts';
import { TWO_FACTOR_SETUP } from './auth.server.ts';

/**
 * The page after a successful log-in.
 * @param auth the account as the request check sees it (core/accounts/auth.ts `currentAccount`):
 *   an admin who must still set up two-factor log-in comes as a Customer with
 *   `twoFactorSetupPending`, and is sent to the set-up, as every admin page sends them.
 * @param redirectTo the untrusted form field; empty or missing means "none given", a value that
 *   leaves the shop counts as none.
 * @returns a path on this shop.
 */
export function loginLanding(auth: { role: string; twoFactorSetupPending?: boolean } | null, redirectTo: unknown): string {
  const explicit = typeof redirectTo === 'string' && redirectTo !== '' ? safeRedirect(redirectTo, '') : '';
  if (explicit) return explicit;
  if (auth?.twoFactorSetupPending) return TWO_FACTOR_SETUP;
  return isEffectiveAdmin(auth) ? '/admin/home' : '/';
}
