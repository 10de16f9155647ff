/** Server rendering: streams HTML (waits for everything for bots), with the CSP nonce on scripts. */
import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { NonceProvider } from './nonce.tsx';
import { serverI18n } from '../core/i18n/resources.ts';

export const streamTimeout = 5_000;

const MODULEPRELOAD = '<link rel="modulepreload"';
const MODULEPRELOAD_LOW = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Gives React Router's `<link rel="modulepreload">` tags `fetchpriority="low"` (issue 11,
 * Lighthouse): the page's ~25 scripts then share a slow line after the style sheet, the fonts and
 * the LCP picture instead of before them (Chrome fetched them at "High", which Lighthouse also
 * counts as render-blocking). Hydration is not delayed on a fast line. A tag split between two
 * chunks of the stream is kept whole by holding back the unfinished part; characters split between
 * chunks are decoded whole.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let tail = '';
  const mark = (text: string) => text.replaceAll(MODULEPRELOAD, MODULEPRELOAD_LOW);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const text = mark(tail + decoder.write(chunk));
      // hold back an unfinished tag: the longest end of the text that begins one
      let keep = Math.min(MODULEPRELOAD.length - 1, text.length);
      while (keep > 0 && !MODULEPRELOAD.startsWith(text.slice(text.length - keep))) keep--;
      tail = text.slice(text.length - keep);
      done(null, text.slice(0, text.length - keep));
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
          const low = lowPriorityModulePreloads();
          low.pipe(body);
          pipe(low);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
