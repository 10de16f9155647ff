/**
 * One global request body limit (issue 12, finding 6): 1 MB for every request, refused with 413
 * and a message before the body is read (a `Content-Length` above the limit is refused at once;
 * a chunked body is cut off when it passes the limit). Larger limits only for upload paths.
 */
import type { MiddlewareHandler } from 'hono';
import { sizeLimit } from '../api/validation.ts';

/** Default limit, bytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Paths (prefixes) allowed larger bodies, and their limit in bytes. */
export const UPLOAD_LIMITS: { prefix: string; maxSize: number }[] = [
  // camt.054 bank statements (admin; the page refuses files above 5 MB with its own message)
  { prefix: '/admin/order/list', maxSize: 6 * 1024 * 1024 },
  // a return request from the customer's order page: up to 3 photos of 15 MB each, and the form
  { prefix: '/client/historydetails', maxSize: 3 * 15 * 1024 * 1024 + 1024 * 1024 },
];

function limit(maxSize: number): MiddlewareHandler {
  // the Content-Length decides when there is one; a chunked body is counted (api/validation.ts)
  return sizeLimit(maxSize, (c) =>
    c.json({ message: `The request is too large (at most ${Math.round(maxSize / 1024)} KB).` }, 413, { Connection: 'close', 'Cache-Control': 'no-store' }),
  );
}

/** Middleware applying {@link BODY_LIMIT_BYTES}, or a larger limit of {@link UPLOAD_LIMITS}. */
export function requestBodyLimit(): MiddlewareHandler {
  const standard = limit(BODY_LIMIT_BYTES);
  const uploads = UPLOAD_LIMITS.map((u) => ({ prefix: u.prefix, mw: limit(u.maxSize) }));
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const upload = uploads.find((u) => c.req.path.startsWith(u.prefix));
    return (upload?.mw ?? standard)(c, next);
  };
}
