/** Server rendering: streams HTML (waits for everything for bots), with the CSP nonce on scripts. */
import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { NonceProvider } from './nonce.tsx';
import { serverI18n } from '../core/i18n/index.ts';
import { scrubLinks, scrubPath } from '../core/redact.ts';
import { DEFERRED_MODULE_TYPE, DEFERRED_REL_ATTR } from './lib/hydrate-after-load.ts';

/**
 * The resource endpoints (sitemap, PDFs, exports, photos, log-out…): the HTTP server mounts them
 * before React Router (server/resources.ts), which reads them from the server build's entry.
 */
export { resourceRoutes } from './resources/index.server.ts';

/**
 * The page header rendered on its own, for the pages the server builds from the shared page cache
 * for a browser that has not shown it runs scripts (server/personal-page.ts).
 */
export { renderPersonalHeader } from './personal-header.server.tsx';

export const streamTimeout = 5_000;

/**
 * Errors of loaders and actions go to the shop's redacting logger (core/redact.ts: SQL parameters
 * and link tokens removed) instead of React Router's own `console.error`, which printed a failed
 * query's parameters (personal data, password hashes). A request the visitor aborted is no error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = (context as Partial<AppLoadContext> | undefined)?.shop?.log;
  const path = scrubPath(new URL(request.url).pathname);
  if (log) log.error({ err: error, path }, 'page loader or action failed');
  else console.error(scrubLinks(error instanceof Error ? error.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]') : String(error)));
};

const MODULEPRELOAD = '<link rel="modulepreload"';
/** React Router's inline module script (`<Scripts>`): its start tag, up to the type. */
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module" async="">/g;

/**
 * Makes React Router's scripts wait for the page's `load` event (ADR 013; undone in the
 * browser by `HYDRATE_AFTER_LOAD_SCRIPT`, app/lib/hydrate-after-load.ts): every
 * `<link rel="modulepreload"` becomes `<link data-rel="modulepreload"`, and the inline module
 * script that imports the entry (`<script … type="module" async="">`) gets an inert type. Nothing
 * moves, so the document still hydrates against the same nodes. A tag split between two chunks of
 * the stream is kept whole by holding back the text from its `<`; characters split between chunks
 * are decoded whole.
 */
export function hydrateAfterLoad(): Transform {
  const decoder = new StringDecoder('utf8');
  let tail = '';
  const mark = (text: string) =>
    text.replaceAll(MODULEPRELOAD, `<link ${DEFERRED_REL_ATTR}="modulepreload"`).replace(MODULE_SCRIPT, `$1 type="${DEFERRED_MODULE_TYPE}">`);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const text = tail + decoder.write(chunk);
      // hold back an unfinished tag: from the last `<` that no `>` follows
      const lt = text.lastIndexOf('<');
      const cut = lt >= 0 && !text.includes('>', lt) ? lt : text.length;
      tail = text.slice(cut);
      done(null, mark(text.slice(0, cut)));
    },
    flush(done) {
      done(null, mark(tail + decoder.end()));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const nonce = loadContext?.nonce ?? '';
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {/* every namespace of the page's language, one instance per language built once (core/i18n) */}
        <I18nextProvider i18n={serverI18n(loadContext?.lang ?? 'en')}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          const deferred = hydrateAfterLoad();
          deferred.pipe(body);
          pipe(deferred);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext?.shop?.log.error({ err: error }, 'page render failed');
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
