/**
 * The page header (components/Navbar.tsx) rendered on its own, for the pages the server builds
 * from the shared page cache for a visitor with a session or a filled cart whose browser has not
 * shown that it runs scripts (server/personal-page.ts, ADR 020): the cached page keeps everything
 * but its header, which is the only part of a storefront page that depends on the visitor (the
 * side cart's items are drawn only once it is opened, in the browser).
 *
 * The header is rendered from the root loader's data, exactly as the default layout renders it
 * (app/layouts/default.tsx), inside a static data router at the page's URL (its links, `<Form>`s and
 * active `NavLink`s need one) with the language's translations and the layout's UI state.
 */
import { createContext, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from 'react-router';
import { serverI18n } from '../core/i18n/index.ts';
import type { ShopLoadContext } from './context.ts';
import { Navbar } from './components/Navbar.tsx';
import { UiStateProvider } from './components/ui-state.tsx';
import { PERSONAL_PART_ELEMENT_ID, type PersonalPart } from './lib/personal.ts';
import { loader as rootLoader, type RootData } from './root.tsx';

/** The root data the header is drawn from, handed to the route below. */
const HeaderData = createContext<RootData | null>(null);

function Header() {
  const data = useContext(HeaderData);
  if (!data) throw new Error('the personal header is rendered without root data');
  return (
    <UiStateProvider>
      <Navbar data={data} />
    </UiStateProvider>
  );
}

/** One route for every path: the header only (its links resolve against the page's URL). */
const handler = createStaticHandler([{ id: 'personal-header', path: '*', Component: Header }]);

/** A rendered header and the visitor's part of the root data it shows. */
export type RenderedHeader = {
  /** The header's HTML (`<header class="site-header">…</header>`), as the page render writes it. */
  html: string;
  /** The user and cart the header shows, as `GET /personal` answers them (money in Rappen). */
  part: PersonalPart;
  /**
   * {@link part} as the document's inline JSON block (`<script type="application/json">`, `<`
   * escaped so that the text cannot end the element), which lib/personal.ts reads at hydration.
   */
  partBlock: string;
};

/**
 * Headers rendered lately, by page URL and root data (which holds the visitor's user and cart, the
 * language, theme and settings): the header is a pure function of the two, and the same visitor
 * asking for pages again (or visitors with the same empty cart, anonymous) would otherwise have
 * React render the same markup each time. Most recently used last; at most
 * {@link RENDERED_HEADERS_MAX} (~8 KB each).
 */
const rendered = new Map<string, string>();
const RENDERED_HEADERS_MAX = 500;

/** The header's HTML for `data` at `url`, from {@link rendered} or rendered now. */
async function headerHtml(url: string, data: RootData): Promise<string> {
  const key = `${url}\n${JSON.stringify(data)}`;
  const known = rendered.get(key);
  if (known !== undefined) {
    rendered.delete(key);
    rendered.set(key, known);
    return known;
  }
  const routed = await handler.query(new Request(url));
  if (routed instanceof Response) throw new Error(`the personal header's router answered ${routed.status}`);
  const router = createStaticRouter(handler.dataRoutes, routed);
  const html = renderToString(
    <I18nextProvider i18n={serverI18n(data.lang)}>
      <HeaderData.Provider value={data}>
        <StaticRouterProvider router={router} context={routed} hydrate={false} />
      </HeaderData.Provider>
    </I18nextProvider>,
  );
  rendered.set(key, html);
  if (rendered.size > RENDERED_HEADERS_MAX) rendered.delete(rendered.keys().next().value!);
  return html;
}

/**
 * Renders the page header for one visitor.
 * @param request the page's request (its URL decides the active links and the forms' return path).
 * @param context the visitor's load context (`shared: true` renders nobody's header, as the shared
 *   page cache's render does).
 * @returns the header's HTML and the personal part it shows.
 * @throws what the root loader throws (a failed settings or cart read).
 */
export async function renderPersonalHeader(request: Request, context: ShopLoadContext): Promise<RenderedHeader> {
  const data = await rootLoader({
    request,
    url: new URL(request.url),
    params: {},
    pattern: '*',
    context: Object.assign(new RouterContextProvider(), context),
  });
  const html = await headerHtml(request.url, data);
  const part: PersonalPart = { user: data.user, cart: data.cart };
  const partBlock = `<script type="application/json" id="${PERSONAL_PART_ELEMENT_ID}">${JSON.stringify(part).replace(/</g, '\\u003c')}</script>`;
  return { html, part, partBlock };
}
