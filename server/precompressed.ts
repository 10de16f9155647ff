/**
 * Hashed build assets (`/assets/*.js|css|svg|json`) in brotli (quality 11) or gzip (level 9),
 * compressed once per file and kept in memory (JavaScript transfer of a page). The
 * files never change under their hashed names, so the answer is immutable; it carries only
 * {@link ASSET_SECURITY_HEADERS}. Other files and clients accepting neither encoding go on to the
 * static file handler (and on-the-fly compression) with the full header set.
 */
import type { MiddlewareHandler } from 'hono';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { pickEncoding } from './page-cache.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};
/**
 * The security headers a hashed asset gets (server/app.ts serves these before the pages' chain):
 * a script, style sheet or JSON file is no document, so the document headers (CSP, X-Frame-Options,
 * COOP, Referrer-Policy…, ~650 bytes) would only add to each of the ~25 files a page loads (issue
 * 11, JavaScript transfer). Kept: no MIME sniffing, and no use by other sites' pages.
 */
const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Packed = { br: Buffer; gzip: Buffer; type: string };

/**
 * Serves `root/assets/<file>` compressed from memory. At most `maxBytes` of compressed bodies are
 * kept (default 16 MiB; a build's assets are about 1 MB); beyond, files are compressed per request.
 */
export function precompressedAssets(root: string, maxBytes = 16 * 1024 * 1024): MiddlewareHandler {
  const packed = new Map<string, Promise<Packed | null>>();
  let bytes = 0;
  const assets = path.resolve(root, 'assets');
  const pack = async (file: string, type: string): Promise<Packed | null> => {
    let raw: Buffer;
    try {
      raw = await fs.readFile(file);
    } catch {
      return null;
    }
    const [br, gz] = await Promise.all([
      brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gzip(raw, { level: 9 }),
    ]);
    return { br, gzip: gz, type };
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const enc = pickEncoding(c.req.header('accept-encoding'));
    const name = c.req.path.slice('/assets/'.length);
    const type = TYPES[path.extname(name)];
    if (!enc || !type || !/^[\w.-]+$/.test(name)) return next();
    const file = path.join(assets, name);
    let p = packed.get(file);
    if (!p) {
      p = pack(file, type);
      if (bytes < maxBytes) {
        packed.set(file, p);
        void p.then((x) => {
          if (x) bytes += x.br.length + x.gzip.length;
          else packed.delete(file);
        });
      }
    }
    const hit = await p;
    if (!hit) return next();
    const body = enc === 'br' ? hit.br : hit.gzip;
    const headers: Record<string, string> = {
      'Content-Type': hit.type,
      'Content-Encoding': enc,
      'Content-Length': String(body.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      ...ASSET_SECURITY_HEADERS,
    };
    // an SVG opened on its own is a document: nothing in it may run
    if (hit.type === TYPES['.svg']) headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(new Uint8Array(body), 200, headers);
  };
}
