/**
 * The one way a loader or resource route answers a {@link DomainError}, as {@link pageAction}
 * does for actions: the error becomes the thrown answer with the status of its code
 * ({@link failureStatus}: 400 invalid, 401, 403, 404, 409, 429), so React Router shows the
 * error page (or a resource answers plain text). A 404 answers `notFound` (default the text
 * `Not found`); any other code answers its message in the visitor's language. Anything that is
 * not a DomainError is rethrown (a bug, a redirect or a Response).
 */
import { data } from 'react-router';
import { DomainError, type DomainErrorCode } from '../../core/errors.ts';
import { translateError, type Locale } from '../../core/i18n/index.ts';
import { failureStatus } from './page-action.server.ts';

/** How a loader words its failures; every option is optional. */
export type LoaderGuardOptions = {
  /** The body of a 404 answer (a page's own `{ notFound: true }`); default the text `Not found`. */
  notFound?: unknown;
  /**
   * Codes answered as 404 too, so that a document's existence is not revealed (`forbidden` for
   * someone else's order) or a bad link reads as an unknown one (`invalid`); `'all'` for every
   * code except `rate_limited`, which keeps its 429.
   */
  hide?: readonly DomainErrorCode[] | 'all';
};

/**
 * Runs a loader's work and throws a domain error as the page's or resource's answer.
 * @example
 *   return loaderGuard(context, () => packingList(context.shop.db, id, context.lang), { hide: 'all' });
 * @throws `data(body, { status })` for a DomainError (see the options); whatever else `run` throws.
 */
export async function loaderGuard<T>(context: { lang: Locale }, run: () => Promise<T> | T, opts: LoaderGuardOptions = {}): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const hidden = opts.hide === 'all' ? err.code !== 'rate_limited' : (opts.hide?.includes(err.code) ?? false);
    const status = hidden ? 404 : failureStatus(err);
    if (status === 404) throw data(opts.notFound ?? 'Not found', { status });
    throw data(translateError(context.lang, err), { status });
  }
}
