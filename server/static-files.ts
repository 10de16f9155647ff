/**
 * Files of build/client served by the pages' chain (server/app.ts), each with the Cache-Control
 * its name allows, and the translation catalogues (core/i18n; ADR 010).
 */
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { catalogueAsset } from '../core/i18n/index.ts';
import type { HttpEnv } from './http-env.ts';

/**
 * Sets `cacheControl` on a file answer (200, 206 or 304). Set on the finished response: a header
 * set in serveStatic's onFound comes after the response exists and is lost outside
 * @hono/node-server (e.g. in app.request).
 */
function cached(cacheControl: string): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    if (c.get('staticFile') && (c.res.status === 200 || c.res.status === 206 || c.res.status === 304)) c.res.headers.set('Cache-Control', cacheControl);
  };
}

/** serveStatic's onFound: tells {@link cached} that a file answered. */
const markStatic = (_p: string, c: Context<HttpEnv>) => void c.set('staticFile', true);

/** `/assets/*` from disk: hashed file names never change, so they are cached for a year. */
export function hashedAssetFiles(root: string): MiddlewareHandler<HttpEnv>[] {
  return [cached('public, max-age=31536000, immutable'), serveStatic({ root, onFound: markStatic })];
}

/** The other files of build/client (names with an extension), cached for an hour; page paths never touch the disk. */
export function otherStaticFiles(root: string): MiddlewareHandler<HttpEnv> {
  const staticFiles = serveStatic<HttpEnv>({ root, onFound: markStatic });
  const otherFiles = cached('public, max-age=3600');
  return async (c, next) => {
    if (!/\.[A-Za-z0-9]+$/.test(c.req.path)) return next();
    await otherFiles(c, async () => {
      await staticFiles(c, next);
    });
  };
}

/** `GET /i18n/:lng/:file`: a translation catalogue as a hashed, immutable asset; 404 for an unknown one. */
export const translationCatalogue: Handler<HttpEnv> = (c) => {
  const asset = catalogueAsset(`${c.req.param('lng')}/${c.req.param('file')}`);
  if (!asset) return c.notFound();
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  return c.body(asset.body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
};
