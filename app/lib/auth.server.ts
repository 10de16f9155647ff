/**
 * Server-side guards for route loaders and actions (docs/architecture.md:
 * authorisation on the server for every page and form action). The admin layout guards admin
 * pages on document requests, but a data request can target a single route, so every admin
 * loader and action calls {@link requireAdmin} itself.
 */
import { data, redirect } from 'react-router';
import type { AuthUser, RequestMeta } from '../../core/accounts/index.ts';
import { isEffectiveAdmin } from '../../core/accounts/index.ts';
import type { Role } from '../../core/db/index.ts';
import type { ShopLoadContext } from '../context.ts';

/** A same-site path to go back to after logging in, or `/` (never another origin; core/safe-redirect.ts). */
export { safeRedirect } from '../../core/safe-redirect.ts';

/**
 * The page a request is for, as React Router's `url` loader argument gives it: loaders get the raw
 * request (`future.v8_passThroughRequests`), whose data requests end in `.data` (`/_.data` for a
 * path ending in `/`) and carry React Router's `_routes` and `index` parameters.
 */
function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '') || '/';
  url.searchParams.delete('_routes');
  url.searchParams.delete('index');
  return url;
}

/** The login URL that comes back to this request's page. */
export function loginUrl(request: Request): string {
  const url = pageUrl(request);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in user; anonymous visitors are sent to /login and come back afterwards. */
export function requireUser(context: Pick<ShopLoadContext, 'auth'>, request: Request): AuthUser {
  if (!context.auth) throw redirect(loginUrl(request));
  return context.auth;
}

/** The signed-in user with one of `roles`; 403 for other roles. */
export function requireRole(context: Pick<ShopLoadContext, 'auth'>, request: Request, roles: Role[]): AuthUser {
  const auth = requireUser(context, request);
  if (!roles.includes(auth.role)) throw data({ forbidden: true }, { status: 403 });
  return auth;
}

/**
 * The signed-in Admin; anonymous to /login, other roles 403, and while the shop requires
 * two-factor log-in of every admin, an admin without it is sent to /profile to set it up. The
 * admin layout checks the same on document requests; here it also holds for a data request
 * addressed to one admin route alone (`.data?_routes=routes/admin/…`), which skips the layout.
 * @throws a redirect (`/login`, `/profile?twoFactor=required`) or a 403 response.
 */
export async function requireAdmin(context: Pick<ShopLoadContext, 'auth' | 'shop'>, request: Request): Promise<AuthUser> {
  const auth = requireUser(context, request);
  // the session's effective role (core/accounts/auth.ts): such an admin counts as a Customer
  if (auth.twoFactorSetupPending) throw redirect(TWO_FACTOR_SETUP);
  if (!isEffectiveAdmin(auth)) throw data({ forbidden: true }, { status: 403 });
  return auth;
}

/** Where an admin without two-factor log-in goes while the shop requires it of every admin. */
export const TWO_FACTOR_SETUP = '/profile?twoFactor=required#two-factor';

/** Request facts the accounts service needs: origin for mail links, language, client IP. */
export function requestMeta(context: Pick<ShopLoadContext, 'origin' | 'lang' | 'clientIp'>): RequestMeta {
  return { origin: context.origin, lang: context.lang, ip: context.clientIp ?? 'unknown' };
}

/**
 * The delivery address of an account form (AddressFields: `street`, `postalCode`, `city`,
 * `country`), as the account services take it; an empty country is Switzerland.
 */
export function addressFromForm(f: Record<'street' | 'postalCode' | 'city' | 'country', string>) {
  return { street: f.street, postalCode: f.postalCode, city: f.city, country: f.country || 'CH' };
}

/** The names of a new account's form fields (register, admin "add user"), address included. */
type NewAccountField = 'firstName' | 'lastName' | 'email' | 'phone' | 'password' | 'dateOfBirth' | 'street' | 'postalCode' | 'city' | 'country';

/** The person, password and address of a new-account form, as registerUser and adminCreateUser take them. */
export function newAccountFromForm(f: Record<NewAccountField, string>) {
  return {
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    phone: f.phone,
    password: f.password,
    dateOfBirth: f.dateOfBirth,
    address: addressFromForm(f),
  };
}
