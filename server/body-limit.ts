/**
 * Request body limits: 1 MB for every request, larger limits for the upload routes, each sized to
 * what its form accepts. A body over its limit is refused before it is parsed (a `Content-Length`
 * above the limit is refused at once; a chunked body is cut off when it passes the limit).
 *
 * How the refusal reads depends on who asked:
 * - the JSON API (`/api/...`): 413 with `{ message }`;
 * - a script of a page that asks for JSON (`Accept: application/json`, the photo upload's
 *   XMLHttpRequest): 413 with `{ message }` in the visitor's language, which the page shows;
 * - a page's form (a document POST, or React Router's `.data` fetch of a form sent with scripts):
 *   a redirect back to the page (303) with `?toolarge=<MB>`, where the page shows a message in the
 *   visitor's language. Never an error page. The body is read to its end and discarded first (up
 *   to {@link DRAIN_MAX_BYTES}): a browser that is still sending when the server answers and
 *   closes the connection shows "connection reset" instead of the answer.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { sizeLimit } from '../api/validation.ts';
import { MAX_BULK_PHOTO_UPLOAD_BYTES, MAX_CSV_BYTES, MAX_PHOTO_BYTES, MAX_PHOTO_UPLOAD_BYTES } from '../core/catalogue/browser.ts';
import type { Locale } from '../core/i18n/browser.ts';
import { translate } from '../core/i18n/index.ts';
import { MAX_LOGO_BYTES } from '../core/config/browser.ts';

/** Default limit, bytes. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Room for a form's other fields and the multipart boundaries around the files, bytes. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** An upload route's limit: the path prefix, the limit in bytes, and the page's anchor for the message. */
type UploadLimit = { prefix: string; maxSize: number; anchor?: string };

/** Paths (prefixes) allowed larger bodies, and their limit in bytes. */
const UPLOAD_LIMITS: UploadLimit[] = [
  // camt.054 bank statements (admin; the page refuses files above 5 MB with its own message)
  { prefix: '/admin/order/list', maxSize: 6 * 1024 * 1024 },
  // a return request from the customer's order page: up to 3 photos of 15 MB each, and the form
  { prefix: '/client/historydetails', maxSize: 3 * 15 * 1024 * 1024 + 1024 * 1024 },
  // product photos without scripts: up to 6 files in one form, 50 MB together
  { prefix: '/admin/product/add', maxSize: MAX_PHOTO_UPLOAD_BYTES + FORM_OVERHEAD_BYTES, anchor: 'photos' },
  // the bulk photo upload by SKU without scripts: photos and zip files, 100 MB together (before
  // the next prefix, which it begins with)
  { prefix: '/admin/product/photos', maxSize: MAX_BULK_PHOTO_UPLOAD_BYTES + FORM_OVERHEAD_BYTES, anchor: 'upload' },
  // product photos sent one by one by the page's script (also the bulk upload's, /admin/product/photo/bysku)
  { prefix: '/admin/product/photo', maxSize: MAX_PHOTO_BYTES + FORM_OVERHEAD_BYTES },
  // the storefront logo in the settings (core/brand; the page refuses files above 2 MB with its own message)
  { prefix: '/admin/settings', maxSize: MAX_LOGO_BYTES + FORM_OVERHEAD_BYTES },
  // product CSV import (10,000 rows of the shop's own export)
  { prefix: '/admin/product/list', maxSize: MAX_CSV_BYTES + FORM_OVERHEAD_BYTES, anchor: 'import' },
];

/** Most bytes of a refused page body read and discarded before answering (beyond: the connection is closed). */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;

/** The limit shown to people, in whole MB (the form's own figure, without the overhead). */
function shownMb(maxSize: number): number {
  return Math.max(1, Math.floor(maxSize / (1024 * 1024)));
}

/**
 * Every `toolarge=<MB>` value a refusal's redirect can carry (the default limit's and each upload
 * route's), as text: the page cache keeps the parameter in its key only with one of these.
 */
export const TOO_LARGE_VALUES: ReadonlySet<string> = new Set([BODY_LIMIT_BYTES, ...UPLOAD_LIMITS.map((l) => l.maxSize)].map((b) => String(shownMb(b))));

/** Reads a request body to its end (at most {@link DRAIN_MAX_BYTES}); false when it was cut short. */
async function drain(c: Context): Promise<boolean> {
  const body = c.req.raw.body;
  if (!body || body.locked) return false;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > DRAIN_MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        return false;
      }
    }
  } catch {
    return false;
  }
}

/**
 * The URL a refused page form goes back to: the same page (without React Router's `.data`
 * suffix, `/_.data` for a path ending in `/`), its query kept, with `toolarge=<MB>` and the form's anchor.
 */
function tooLargeTarget(path: string, search: string, maxSize: number, anchor?: string): string {
  const page = path.replace(/\/_\.data$/, '/').replace(/\.data$/, '') || '/';
  const params = new URLSearchParams(search);
  params.delete('index');
  params.delete('_routes');
  params.set('toolarge', String(shownMb(maxSize)));
  return `${page === '/_root' ? '/' : page}?${params.toString()}${anchor ? `#${anchor}` : ''}`;
}

function limit(maxSize: number, anchor?: string): MiddlewareHandler {
  const headers = { Connection: 'close', 'Cache-Control': 'no-store' };
  // the Content-Length decides when there is one; a chunked body is counted (api/validation.ts)
  return sizeLimit(maxSize, async (c) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path === '/api')
      return c.json({ message: `The request is too large (at most ${Math.round(maxSize / 1024)} KB).` }, 413, headers);
    const lang = (c as Context<{ Variables: { locale: Locale } }>).get('locale');
    const complete = await drain(c);
    const keep = complete ? { 'Cache-Control': 'no-store' } : headers;
    if (/application\/json/i.test(c.req.header('accept') ?? ''))
      return c.json({ message: translate(lang, 'common:bodyLimit.tooLarge', { mb: shownMb(maxSize) }) }, 413, keep);
    const url = new URL(c.req.url);
    const target = tooLargeTarget(path, url.search, maxSize, anchor);
    // React Router's fetch of a form sent with scripts reads a redirect from these headers
    if (path.endsWith('.data')) return c.body(null, 204, { ...keep, 'X-Remix-Redirect': target, 'X-Remix-Status': '303' });
    return c.body(null, 303, { ...keep, Location: target });
  });
}

/** Middleware applying {@link BODY_LIMIT_BYTES}, or a larger limit of {@link UPLOAD_LIMITS}. */
export function requestBodyLimit(): MiddlewareHandler {
  const standard = limit(BODY_LIMIT_BYTES);
  const uploads = UPLOAD_LIMITS.map((u) => ({ prefix: u.prefix, mw: limit(u.maxSize, u.anchor) }));
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const upload = uploads.find((u) => c.req.path.startsWith(u.prefix));
    return (upload?.mw ?? standard)(c, next);
  };
}
