/**
 * Hydration after the page has loaded (ADR 013). A storefront page is complete HTML:
 * text, prices, pictures, links and forms work before any script runs (forms post to the
 * server). The JavaScript that makes it a single-page app (~125 KB over 24 files) is therefore
 * fetched only after the browser's `load` event and the next frame, instead of competing with
 * the style sheet, the fonts and the product picture for a slow mobile line: the largest paint
 * no longer waits for scripts, and Lighthouse's simulation no longer puts them on its path.
 *
 * The server's stream step (`hydrateAfterLoad` in app/entry.server.tsx) makes React Router's
 * scripts inert without moving them: each `<link rel="modulepreload">` becomes
 * `<link data-rel="modulepreload">` ({@link DEFERRED_REL_ATTR}) and the inline module script
 * that imports the entry gets the type {@link DEFERRED_MODULE_TYPE}. {@link HYDRATE_AFTER_LOAD_SCRIPT},
 * an inline script of the root layout, undoes both once the page has loaded: the preloads start,
 * the translation files the page was rendered with are fetched, and a module script with the
 * same text (so the same CSP nonce or hash admits it) takes the inert one's place.
 */

/** Type of React Router's inline module script while it waits for the page's `load` event. */
export const DEFERRED_MODULE_TYPE = 'text/x-hydrate-after-load';

/** Attribute holding a deferred link's `rel` (`modulepreload`) until the page has loaded. */
export const DEFERRED_REL_ATTR = 'data-rel';

/**
 * Attribute of `<html>` that switches the web fonts on (app/styles/app.css `:root[data-fonts]`).
 * Without it the text is set in the metric-matched local faces, so the fonts (~75 KB) are not
 * fetched in front of the first paint.
 */
const WEB_FONTS_ATTR = 'data-fonts';

/** localStorage key remembering that this browser has fetched the web fonts (they are in its cache). */
const WEB_FONTS_KEY = 'webFonts';

/**
 * The faces the storefront uses (CSS font shorthands for `document.fonts.load`): Inter (variable
 * weight) for text, Cormorant Garamond 500 and 600 for headings (app/styles/app.css). Other
 * scripts' subsets (Cyrillic, Greek, Vietnamese) load on demand once the fonts are on.
 */
const WEB_FONT_FACES = ['1em "Inter Variable"', '500 1em "Cormorant Garamond"', '600 1em "Cormorant Garamond"'];

/**
 * The inline script (plain ES5, no imports) that starts hydration after `load`, the first
 * contentful paint and one frame: fetches the web fonts into the browser's cache and remembers
 * that it has them ({@link WEB_FONTS_KEY}) without switching this page over to them (they are
 * switched on at the next navigation: {@link switchWebFontsOn}), restores the
 * deferred links' `rel`, fetches the page's translation files (listed in the `#i18n-page` block;
 * entry.client.tsx reads them from the HTTP cache), and replaces the inert module script by a live
 * one carrying the same nonce and text. Its text never changes, so cached
 * pages admit it by hash.
 */
export const HYDRATE_AFTER_LOAD_SCRIPT = `(function () {
  function preloads() {
    document.querySelectorAll('link[${DEFERRED_REL_ATTR}]').forEach(function (l) { l.rel = l.getAttribute('${DEFERRED_REL_ATTR}'); l.removeAttribute('${DEFERRED_REL_ATTR}'); });
  }
  function catalogues() {
    try {
      var page = JSON.parse(document.getElementById('i18n-page').textContent);
      Object.keys(page.urls).forEach(function (lng) {
        page.namespaces.forEach(function (ns) { var u = page.urls[lng][ns]; if (u) fetch(u, { credentials: 'same-origin' }); });
      });
    } catch (e) {}
  }
  function entry() {
    var s = document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');
    if (!s) return;
    var m = document.createElement('script');
    m.type = 'module';
    m.async = true;
    m.nonce = s.nonce;
    m.textContent = s.textContent;
    s.replaceWith(m);
  }
  // the faces are fetched for the next page (or the next navigation in this one); swapping them
  // in here would restyle and lay out the whole page again while it is being hydrated
  function fonts() {
    if (document.documentElement.hasAttribute('${WEB_FONTS_ATTR}')) return;
    var set = document.fonts;
    if (!set || !set.load || !window.Promise) return;
    Promise.all(${JSON.stringify(WEB_FONT_FACES)}.map(function (f) { return set.load(f); })).then(function () {
      try { localStorage.setItem('${WEB_FONTS_KEY}', '1'); } catch (e) {}
    }, function () {});
  }
  var started = false;
  // short tasks rather than one long one: starting a request costs the main thread too
  function start() {
    if (started) return;
    started = true;
    requestAnimationFrame(function () { setTimeout(fonts, 0); setTimeout(preloads, 0); setTimeout(catalogues, 0); setTimeout(entry, 0); });
  }
  // after the first contentful paint (a page without pictures can load before it), or 2 s
  function painted() {
    try {
      if (performance.getEntriesByName('first-contentful-paint').length) return start();
      new PerformanceObserver(function (list, observer) { observer.disconnect(); start(); }).observe({ type: 'paint', buffered: true });
    } catch (e) { return start(); }
    setTimeout(start, 2000);
  }
  if (document.readyState === 'complete') painted();
  else addEventListener('load', painted, { once: true });
})();`;

/** The web fonts for a browser that runs no scripts (a `<noscript>` style before the style sheet, hence `html:root`; same as `:root[data-fonts]` in app/styles/app.css). */
export const WEB_FONTS_NOSCRIPT_CSS = `html:root{--font-display:'Cormorant Garamond',var(--fallback-display);--font-text:'Inter Variable',var(--fallback-text)}`;

/**
 * The inline script at the top of `<head>`: in a browser that has fetched the web fonts before
 * ({@link WEB_FONTS_KEY}), switches them on before the first layout, so a returning visitor does
 * not see the local faces swapped for the web fonts on every page. Its text never changes (cached
 * pages admit it by hash).
 */
export const WEB_FONTS_EARLY_SCRIPT = `try{if(localStorage.getItem('${WEB_FONTS_KEY}'))document.documentElement.setAttribute('${WEB_FONTS_ATTR}','')}catch(e){}`;

/**
 * Switches the web fonts on ({@link WEB_FONTS_ATTR}) when the browser has all of
 * {@link WEB_FONT_FACES} loaded (fetched by {@link HYDRATE_AFTER_LOAD_SCRIPT}, which also set
 * {@link WEB_FONTS_KEY}); does nothing otherwise, or when they are on already. Called in the
 * browser when a client-side navigation commits a new page (root.tsx), so the one restyle and
 * relayout the swap costs falls on a frame that lays out a new page anyway, never on a page the
 * visitor is reading (the behaviour of CSS `font-display: optional`, ADR 031).
 */
export function switchWebFontsOn(): void {
  const root = document.documentElement;
  const set = document.fonts as FontFaceSet | undefined;
  if (!root.hasAttribute(WEB_FONTS_ATTR) && set?.check && WEB_FONT_FACES.every((face) => set.check(face))) root.setAttribute(WEB_FONTS_ATTR, '');
}
