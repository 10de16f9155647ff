/**
 * Personal pages are never stored by browsers or shared caches (issue 12, finding 10): every page
 * answered to a signed-in visitor, and the account, cart, checkout and admin pages for anyone,
 * get `Cache-Control: private, no-store`.
 */

/** Paths whose pages are personal even for anonymous visitors (cart, checkout, login…). */
const PERSONAL = /^\/(client|admin|profile|payment|paymentsuccess|paymenterror|shopcart|login|register|forgot|reset|confirm|sandbox-pay)(\/|\.data$|$)/;

/** Whether the page answer must carry `no-store`. */
export function mustNotStore(path: string, signedIn: boolean): boolean {
  return signedIn || PERSONAL.test(path);
}

/** `res` with `Cache-Control: private, no-store` when {@link mustNotStore}. */
export function withNoStore(res: Response, path: string, signedIn: boolean): Response {
  if (!mustNotStore(path, signedIn)) return res;
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', 'private, no-store');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
