/**
 * The one same-origin check for every "go back to" parameter: `redirectTo`
 * after login, registration and a confirmation link, `returnTo` of the cart and preferences forms. Browsers drop tabs and newlines in
 * URLs and read `\` as `/`, so `/%09/evil.example` and `/\evil.example` would leave the shop;
 * such values, protocol-relative `//host` and absolute URLs all give the fallback.
 */

const BASE = 'http://same-origin.invalid';

/**
 * A path on this shop to redirect to, or `fallback`.
 * @param to an untrusted value (form field or query parameter).
 * @returns `to` normalised to path + query + hash when it stays on this origin.
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.length > 2000) return fallback;
  // control characters (tab, newline, NUL…) and backslashes have no place in a shop path
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}
