/**
 * Hydration: first loads the translation namespaces the server rendered the page with
 * (listed in the `#i18n-page` block the root layout writes; the root layout's
 * `HYDRATE_AFTER_LOAD_SCRIPT` started fetching them together with this module, after the page's
 * `load` event, ADR 013), so hydration finds the same texts, then hydrates; afterwards the
 * language's other usual namespaces are fetched when the browser is idle.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { clientI18n, loadNamespaces, prefetchNamespaces, setDocumentCatalogues, type CatalogueUrls } from './i18n/client.ts';
import { HYDRATING_ATTR } from './lib/early-controls.ts';

async function hydrate() {
  const block = document.getElementById('i18n-page');
  if (block?.textContent) {
    const page = JSON.parse(block.textContent) as CatalogueUrls & { namespaces: string[] };
    setDocumentCatalogues(page);
    const inst = clientI18n(page);
    await loadNamespaces(inst, page.namespaces);
    prefetchNamespaces(inst);
  }
  // from here on React handles every tap (a tap on a part not yet hydrated hydrates it at once):
  // the page's early handlers (app/lib/early-controls.ts) stand down
  document.documentElement.setAttribute(HYDRATING_ATTR, '');
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
