/**
 * NUL characters: PostgreSQL refuses NUL in text and it is never valid
 * input, so one rule refuses it with 400 before any route runs — in the path or query (`%00`),
 * and in JSON and form bodies (`\u0000` escapes, `%00`, raw NUL). The API's validation
 * (`findNul` in core/validation.ts) applies the same rule to parsed values.
 */
import type { Context, MiddlewareHandler } from 'hono';

/** The refusal text (the same as api/validation.ts `NUL_REFUSED`). */
const MESSAGE = 'The text contains a NUL character, which is not allowed';

/** Whether a request body of this type is text that could carry a NUL into a query. */
function textBody(c: Context): 'json' | 'form' | null {
  const type = c.req.header('content-type') ?? '';
  if (/application\/(.+\+)?json/i.test(type)) return 'json';
  if (/application\/x-www-form-urlencoded/i.test(type)) return 'form';
  return null;
}

/** Middleware: 400 for a URL or a JSON/form body that contains a NUL character. */
export function refuseNul(): MiddlewareHandler {
  return async (c, next) => {
    const refuse = () => (c.req.path.startsWith('/api/') ? c.json({ message: MESSAGE }, 400) : c.text(MESSAGE, 400));
    if (/%00|\u0000/i.test(c.req.url)) return refuse();
    const kind = c.req.method === 'GET' || c.req.method === 'HEAD' ? null : textBody(c);
    if (kind) {
      let text: string;
      try {
        // JSON calls of the API (with a Content-Length, so no later body limit reads the stream):
        // read once through Hono's body cache, which `c.req.json()` then parses without a copy
        // (cloning the request, a stream tee, cost more than the live search itself).
        // Pages keep the raw body unread for React Router's actions: a clone is read there.
        const viaCache = c.req.path.startsWith('/api/') && c.req.header('content-length') !== undefined && !c.req.header('transfer-encoding');
        text = viaCache ? await c.req.text() : await c.req.raw.clone().text();
      } catch {
        return next(); // e.g. over the body limit: that middleware answers
      }
      // JSON: a \u0000 escape not preceded by another backslash; forms: %00; both: a raw NUL
      if (text.includes('\u0000') || (kind === 'json' ? /(^|[^\\])(\\\\)*\\u0000/i.test(text) : /%00/i.test(text))) return refuse();
    }
    return next();
  };
}
