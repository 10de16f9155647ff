/**
 * A page from the shared page cache completed with the visitor's own header, for a visitor with a
 * session or a filled cart whose browser has not (yet) shown that it runs scripts: no JavaScript,
 * or the first page after signing in with a plain form (ADR 020). Such a browser used to get the
 * whole page rendered for it; now it gets the shared page's HTML with one part replaced, the
 * header (app/personal-header.server.tsx), which is the only part of a storefront page that shows
 * the visitor (user menu, admin tools icon, cart count). The visitor's part also goes into the
 * document as JSON (app/lib/personal.ts `PERSONAL_PART_ELEMENT_ID`), so that a browser that does run scripts
 * hydrates the page with it and its header matches the HTML.
 *
 * Where the header is: the shared page's header is rendered once more for nobody, exactly as the
 * page render drew it, and looked up in the page's HTML (once per cached page). When it is not
 * found (a layout that draws the header differently), the page is rendered for the visitor as
 * before: the splice never guesses.
 */
import type { PageEntry } from './page-cache.ts';
import type { ShopLoadContext } from '../app/context.ts';
import type { RenderedHeader } from '../app/personal-header.server.tsx';

/** Renders the page header for a request and a visitor (the server build's `renderPersonalHeader`). */
export type HeaderRenderer = (request: Request, context: ShopLoadContext) => Promise<RenderedHeader>;

/** A cached page cut around its header: the HTML before `</head>`, up to the header, and after it. */
export type HeaderFrame = { head: string; beforeHeader: string; afterHeader: string };

/** A {@link HeaderFrame} with its parts as UTF-8 bytes, encoded once per cached page instead of per answer. */
export type EncodedFrame = HeaderFrame & { bytes: { head: Buffer; beforeHeader: Buffer; afterHeader: Buffer } };

const frames = new WeakMap<PageEntry, Promise<EncodedFrame | null>>();

/**
 * The cached page cut around its header, worked out once per entry.
 * @param nobodysHeader renders the header the shared page was rendered with (nobody's).
 * @returns null when the page's HTML does not hold that header exactly once after `</head>`.
 */
export function headerFrame(entry: PageEntry, nobodysHeader: () => Promise<RenderedHeader>): Promise<EncodedFrame | null> {
  let frame = frames.get(entry);
  if (!frame) {
    frame = nobodysHeader().then(
      ({ html }) => {
        const cut = cutAroundHeader(entry.identity.toString('utf8'), html);
        return (
          cut && { ...cut, bytes: { head: Buffer.from(cut.head), beforeHeader: Buffer.from(cut.beforeHeader), afterHeader: Buffer.from(cut.afterHeader) } }
        );
      },
      () => null,
    );
    frames.set(entry, frame);
  }
  return frame;
}

/**
 * `page` cut around `header`; null unless `header` (non-empty) stands exactly once, after the
 * document head's end.
 */
export function cutAroundHeader(page: string, header: string): HeaderFrame | null {
  const headEnd = page.indexOf('</head>');
  const at = header ? page.indexOf(header, headEnd) : -1;
  if (headEnd < 0 || at < 0 || page.indexOf(header, at + 1) >= 0) return null;
  return { head: page.slice(0, headEnd), beforeHeader: page.slice(headEnd, at), afterHeader: page.slice(at + header.length) };
}

/** The page's HTML (UTF-8) with the visitor's header and their part's JSON block. */
export function completePage(frame: EncodedFrame, header: RenderedHeader): Uint8Array<ArrayBuffer> {
  const { head, beforeHeader, afterHeader } = frame.bytes;
  const parts = [head, Buffer.from(header.partBlock), beforeHeader, Buffer.from(header.html), afterHeader];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
