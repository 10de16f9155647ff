/**
 * 503 while the database is down: a request that failed with a 500 is checked against
 * the database; when it does not answer, the visitor gets "503 Service Unavailable" with
 * `Retry-After` and a clear message (JSON for `/api`, a small page otherwise) instead of an error
 * page, and the log says why. Requests succeed again by themselves once the database is back.
 */
import type { MiddlewareHandler } from 'hono';
import { databaseReachable } from '../core/db/index.ts';
import type { Shop } from '../core/shop.ts';

/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_S = 5;

const MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';

/** The middleware; mount it before everything that may touch the database. */
export function serviceUnavailable(shop: Pick<Shop, 'db' | 'log'>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 500 || (await databaseReachable(shop.db))) return;
    shop.log.error({ path: c.req.path }, 'database unreachable: answered 503');
    const api = c.req.path.startsWith('/api/');
    const body = api
      ? JSON.stringify({ message: MESSAGE })
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Briefly unavailable</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Briefly unavailable</h1><p>${MESSAGE}</p>` +
        `<p lang="de">Der Shop ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.</p><p lang="fr">La boutique est brièvement indisponible. Veuillez réessayer dans un instant.</p>` +
        `<p lang="it">Il negozio è momentaneamente non disponibile. Riprovi tra un attimo.</p><p lang="es">La tienda no está disponible por un momento. Vuelva a intentarlo enseguida.</p></body></html>`;
    // a fresh response: Hono would copy the failed response's headers (content-encoding…) onto it
    c.res = undefined as unknown as Response;
    c.res = new Response(body, {
      status: 503,
      headers: { 'Content-Type': api ? 'application/json' : 'text/html; charset=utf-8', 'Retry-After': String(RETRY_AFTER_S), 'Cache-Control': 'no-store' },
    });
  };
}
