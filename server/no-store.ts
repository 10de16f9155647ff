/**
 * Personal pages are never stored by browsers or shared caches: every page
 * answered to a signed-in visitor, and the account, cart, checkout and admin pages for anyone,
 * get `Cache-Control: private, no-store`.
 */

/** Paths whose pages are personal even for anonymous visitors (cart, checkout, login…). */
const PERSONAL = /^\/(client|admin|profile|payment|paymentsuccess|paymenterror|shopcart|login|register|forgot|reset|confirm|setup|sandbox-pay)(\/|\.data$|$)/;

/** Public files served through the router (product photos, drawn placeholders): the same for everyone, cached as they say. */
const PUBLIC_FILES = /^\/(media|images)\//;

/** Whether the page answer must carry `no-store`. */
function mustNotStore(path: string, signedIn: boolean): boolean {
  if (PUBLIC_FILES.test(path)) return false;
  return signedIn || PERSONAL.test(path);
}

/** `res` with `Cache-Control: private, no-store` when {@link mustNotStore}. */
export function withNoStore(res: Response, path: string, signedIn: boolean): Response {
  if (!mustNotStore(path, signedIn)) return res;
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', 'private, no-store');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
