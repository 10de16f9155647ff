/**
 * Hydration after the page has loaded (issue 11, ADR 013). A storefront page is complete HTML:
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
 * The inline script (plain ES5, no imports) that starts hydration after `load` and one frame:
 * restores the deferred links' `rel`, fetches the page's translation files (listed in the
 * `#i18n-page` block; entry.client.tsx reads them from the HTTP cache), and replaces the inert
 * module script by a live one carrying the same nonce and text. Its text never changes, so cached
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
  // three short tasks rather than one long one: starting a request costs the main thread too
  function later() { requestAnimationFrame(function () { setTimeout(preloads, 0); setTimeout(catalogues, 0); setTimeout(entry, 0); }); }
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
})();`;
