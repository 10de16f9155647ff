/**
 * The document: `<html lang dir data-theme>` set on the server, the language's catalogue for the
 * browser, the shop configuration, the visitor's cart and session summary.
 */
import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { I18nContext, I18nextProvider, useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { configurationJson } from '../core/config/browser.ts';
import { getCachedSettings as getSettings } from '../core/config/index.ts';
import { clientI18n, documentCatalogues, hasNamespaces, loadNamespaces } from './i18n/client.ts';
import { languageAlternates } from './i18n/alternates.ts';
import { isRtl, yearIn } from '../core/i18n/browser.ts';
import { pageNamespaces } from './i18n/page-namespaces.ts';
import { catalogueUrls, translate } from '../core/i18n/index.ts';
import { sandboxEnabled } from '../core/orders/index.ts';
import { loadCartView } from '../core/cart/index.ts';
import { useNonce } from './nonce.tsx';
import { PERSONAL_VIEW_EARLY_SCRIPT, PersonalPartProvider, usePersonalPart } from './lib/personal.ts';
import { HYDRATE_AFTER_LOAD_SCRIPT, switchWebFontsOn, WEB_FONTS_EARLY_SCRIPT, WEB_FONTS_NOSCRIPT_CSS } from './lib/hydrate-after-load.ts';
import { EARLY_CONTROLS_SCRIPT } from './lib/early-controls.ts';
import { setSiteName } from './lib/meta.ts';
import '@fontsource/cormorant-garamond/500.css';
import '@fontsource/cormorant-garamond/600.css';
import '@fontsource-variable/inter';
import './styles/app.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getSettings(context.shop.db);
  const config = configurationJson(settings);
  const tooLarge = Number(new URL(request.url).searchParams.get('toolarge'));
  return {
    lang: context.lang,
    dir: isRtl(context.lang) ? ('rtl' as const) : ('ltr' as const),
    theme: context.theme,
    /** where the browser loads the catalogues from (hashed assets; the texts are not in the data) */
    i18n: catalogueUrls(context.lang),
    config,
    /**
     * The footer's copyright year in the shop's time zone, read from the server's clock once: the
     * browser shows this year rather than its own clock's, which may be in another year (a wrong
     * clock, a page rendered before New Year and hydrated after it, a test's installed clock), so
     * server and browser write the same text (docs/decisions/021-shop-time-zone.md)
     */
    year: yearIn(new Date(), config.timeZone),
    /**
     * The refused form's limit in MB (`?toolarge=`, server/body-limit.ts) of the URL this page was
     * rendered for, or null: the notice (components/BodyLimitNotice.tsx) shows this value rather
     * than the address bar's, because a page from the shared cache is rendered without a value the
     * cache does not key (server/page-cache.ts `pageCacheSearch`), and the browser must draw what
     * the server drew
     */
    tooLarge: tooLarge > 0 ? tooLarge : null,
    cart: await loadCartView(context),
    user: context.auth ? { userId: context.auth.userId, role: context.auth.role } : null,
    /** false on a page rendered for the shared page cache: the browser loads its personal part (app/lib/personal.ts) */
    personal: !context.shared,
    origin: context.origin,
    // while the sandbox payment page is on, every page says so
    testMode: sandboxEnabled(context.shop.env) ? translate(context.lang, 'security:testMode') : null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The text of an inline script for the server's HTML; '' in the browser build, which then leaves
 * the script texts out of the page's JavaScript (~1 KB compressed). The browser runs them from
 * the HTML before hydration, and hydration neither compares nor rewrites a script's inner HTML.
 */
function serverOnly(text: string): string {
  return import.meta.env.SSR ? text : '';
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  if (data) setSiteName(data.config.brand.name); // before <Meta /> builds the titles
  const nonce = useNonce();
  const location = useLocation();
  const alternates = data ? languageAlternates(data.origin, location.pathname, location.search) : [];
  const lang = data?.lang ?? 'en';
  const namespaces = pageNamespaces(useMatches());
  // server: core/i18n's instance of the language, provided by entry.server.tsx; browser: the
  // language's instance fed by the catalogue assets (suspends while a namespace loads)
  const serverI18n = useContext(I18nContext)?.i18n;
  const i18n = typeof document === 'undefined' ? serverI18n : clientI18n(data?.i18n ?? { lang, urls: {} });
  if (typeof document !== 'undefined' && i18n && !hasNamespaces(i18n, namespaces)) throw loadNamespaces(i18n, namespaces);
  // the document keeps the catalogues it was served with (the `#i18n-page` block does not change after navigation)
  const served = typeof document === 'undefined' ? (data ? { ...data.i18n, namespaces } : null) : documentCatalogues;
  return (
    <html lang={lang} dir={data?.dir ?? 'ltr'} data-theme={data?.theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* a browser that has the web fonts in its cache uses them from the first layout (ADR 013);
            a page from the shared cache shows the visitor's last known cart count at once (app/lib/personal.ts);
            the few controls that need a script work before React's (app/lib/early-controls.ts) */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serverOnly(WEB_FONTS_EARLY_SCRIPT + PERSONAL_VIEW_EARLY_SCRIPT + EARLY_CONTROLS_SCRIPT) }}
        />
        <noscript dangerouslySetInnerHTML={{ __html: `<style>${WEB_FONTS_NOSCRIPT_CSS}</style>` }} />
        <meta name="color-scheme" content={data?.theme ?? 'light dark'} />
        <link rel="icon" href="/favicon.ico" type="image/svg+xml" />
        <Meta />
        <meta property="og:locale" content={(data?.lang ?? 'en').replace('-', '_')} />
        {alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        {/* the nonce passed on both sides: in the browser it reads '' as the DOM does, not undefined (a hydration mismatch on the dev server's critical CSS link) */}
        <Links nonce={nonce} />
        {served && (
          <script type="application/json" id="i18n-page" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(served).replace(/</g, '\\u003c') }} />
        )}
      </head>
      <body>
        {data?.testMode ? (
          <div className="test-mode-banner" role="note" data-testid="test-mode-banner">
            {data.testMode}
          </div>
        ) : null}
        {i18n ? <I18nextProvider i18n={i18n}>{children}</I18nextProvider> : children}
        <ScrollRestoration nonce={nonce} />
        {/* ADR 013: React Router's scripts (made inert by entry.server.tsx) and the page's
            translation files are fetched once the page has loaded */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serverOnly(HYDRATE_AFTER_LOAD_SCRIPT) }} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>('root');
  // a page from the shared cache shows nobody's session and cart: load the visitor's own
  const personalPart = usePersonalPart(data);
  // Marks the document as interactive (value: the time of hydration, epoch ms); the timed
  // notices (age gate, cookie notice) count from this moment.
  useEffect(() => {
    document.documentElement.dataset.hydrated = String(Date.now());
  }, []);
  // the web fonts fetched after the first paint go on with the next page the router shows, in the
  // frame that lays it out (before it is painted), never under the page being read (ADR 013)
  const location = useLocation();
  const firstPage = useRef(true);
  useLayoutEffect(() => {
    if (firstPage.current) firstPage.current = false;
    else switchWebFontsOn();
  }, [location.pathname, location.search]);
  return (
    <PersonalPartProvider value={personalPart}>
      <Outlet />
    </PersonalPartProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="container notfound" id="main">
      <title>{status === 404 ? t('notFound.title') : t('error.title')}</title>
      <p className="eyebrow">{status}</p>
      <h1>{status === 404 ? t('notFound.title') : t('error.title')}</h1>
      <p>{status === 404 ? t('notFound.text') : t('error.text')}</p>
      <p>
        <a href="/" className="btn">
          {t('nav.home')}
        </a>
      </p>
    </main>
  );
}
