import { reactRouter } from '@react-router/dev/vite';
import { createLogger, defineConfig, type Plugin, type Rollup } from 'vite';
import path from 'node:path';

/**
 * The packages every page runs (React, React DOM and its scheduler, React Router, i18next,
 * react-i18next and its `use-sync-external-store` shim): one `framework` chunk in the browser.
 */
const FRAMEWORK_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/;

/**
 * The storefront pages the JavaScript budget is measured on (`npm run lighthouse`): a
 * module at least two of them import goes into the `storefront` chunk.
 */
const BUDGET_PAGES = ['routes/home.tsx', 'routes/client/products.tsx', 'routes/productdetail.tsx', 'routes/shopcart.tsx'];

const appFile = (file: string) => path.resolve(import.meta.dirname, 'app', file);

/** A module id's file: without the `\0` of virtual modules and without `?query`. */
const fileOf = (id: string) => id.replace(/^\0/, '').replace(/\?.*$/, '');

/** A script module (style sheets, fonts and images keep Vite's own handling). */
const isScript = (id: string) => /\.(m?[jt]sx?|cjs)$/.test(fileOf(id));

/** The ids of the modules `roots` import statically, directly or not (the roots themselves excluded). */
function staticImports(roots: string[], meta: Rollup.ManualChunkMeta): Set<string> {
  const start = [...meta.getModuleIds()].filter((id) => roots.includes(fileOf(id)));
  const seen = new Set<string>(start);
  const todo = [...start];
  for (let id = todo.pop(); id !== undefined; id = todo.pop())
    for (const dep of meta.getModuleInfo(id)?.importedIds ?? [])
      if (!seen.has(dep)) {
        seen.add(dep);
        todo.push(dep);
      }
  for (const id of start) seen.delete(id);
  return seen;
}

/**
 * The browser build's chunks (at most 120 KB of JavaScript on a storefront page,
 * Lighthouse's transfer size, i.e. brotli bodies plus ~345 bytes of response headers per file).
 * Rollup's own split gave the product page 24 files, most of them a few hundred bytes (one
 * component, one helper), so headers were ~8 KB of its 128 KB, and small files compress badly;
 * with these two chunks it loads 6 files, ~117 KB.
 *
 * - `framework`: the files of the {@link FRAMEWORK_PACKAGES} that the storefront imports, ~105 KB
 *   brotli; it changes only with a package update, so a release of the app's own code does not
 *   make returning visitors fetch it again.
 * - `storefront`: the app modules the root route and the entry import (every page runs them),
 *   those the default layout imports (navbar, side cart, footer…), and those at least two
 *   {@link BUDGET_PAGES} share (product card, price, strength scale, page meta…); ~9 KB.
 *
 * What only other pages use (admin, account, checkout, custom box…) is left to Rollup, so it stays
 * out of what a storefront page loads: a shared chunk that also took those modules would make
 * every page pay for them. The admin pages load `storefront` too (they use its formatting
 * helpers): 0–3 KB more there. Route modules stay their own chunks (React Router imports each
 * by its route), and so does `app/entry.client.tsx`: in a chunk the route modules import, its
 * hydration would start while the document's module script is still evaluating them, before
 * `window.__reactRouterRouteModules` is set.
 */
function clientChunks(): Rollup.GetManualChunk {
  let chunkOf: Map<string, 'framework' | 'storefront'> | undefined;
  return (id, meta) => {
    if (!chunkOf) {
      const shell = staticImports([appFile('entry.client.tsx'), appFile('root.tsx'), appFile('layouts/default.tsx')], meta);
      const pages = BUDGET_PAGES.map((page) => staticImports([appFile(page)], meta));
      const shared = pages.flatMap((imports) => [...imports].filter((dep) => pages.filter((other) => other.has(dep)).length >= 2));
      chunkOf = new Map();
      // only what a storefront page imports: a file of these packages that only an admin page
      // uses (use-sync-external-store/with-selector, for react-redux in the charts) stays with it
      for (const dep of [...shell, ...pages.flatMap((imports) => [...imports])])
        if (FRAMEWORK_PACKAGES.test(dep) || dep.startsWith('\0commonjsHelpers')) chunkOf.set(dep, 'framework');
      for (const dep of [...shell, ...shared]) if (!chunkOf.has(dep) && isScript(dep) && !meta.getModuleInfo(dep)?.isEntry) chunkOf.set(dep, 'storefront');
    }
    // the admin's bulk photo upload (a zip reader, 24 KB) is reached through the catalogue's
    // browser face, which storefront pages import too: a chunk of its own, which only the
    // admin page that uses it loads (tree-shaking drops the storefront's import of it)
    if (ADMIN_ONLY.test(fileOf(id))) return 'admin-bulk-photos';
    return chunkOf.get(id);
  };
}

/** Browser modules only an admin page uses that a storefront face reaches. */
const ADMIN_ONLY = /[\\/](node_modules[\\/]fflate[\\/]|core[\\/]catalogue[\\/]bulk-photos\.ts$)/;

/**
 * Module ids resolved to another file in one environment only (`resolve.alias` applies to every
 * environment of the Vite Environment API, `future.v8_viteEnvironmentApi`).
 */
function environmentAliases(byEnvironment: Record<string, Record<string, string>>): Plugin {
  return {
    name: 'environment-aliases',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const target = byEnvironment[this.environment.name]?.[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * In the browser, the files of core/ are definitions only (constants, pure functions, zod
 * schemas): a file none of whose exports a page uses is left out. Pages import a module through
 * its browser face (`core/<module>/browser.ts`, docs/decisions/018-module-faces.md), which names
 * what pages use from the module's browser-safe files; without this, Rollup would keep the zod
 * schemas of the files a page does not use (building a schema is a call, which might have side
 * effects).
 */
const coreHasNoSideEffects = (id: string) => !/[\\/]core[\\/][^?]*\.ts$/.test(fileOf(id));

/**
 * Vite's logger without React Router's "Using Vite Environment API (experimental)" line, which it
 * prints on every build and dev start while `future.v8_viteEnvironmentApi` is on: the flag is
 * React Router 8's default behaviour, adopted on purpose (react-router.config.ts), so the notice
 * says nothing to act on. Every other line is kept.
 */
function shopLogger(): ReturnType<typeof createLogger> {
  const logger = createLogger();
  const info = logger.info.bind(logger);
  logger.info = (msg, options) => {
    if (msg !== 'Using Vite Environment API (experimental)') info(msg, options);
  };
  return logger;
}

/**
 * Rollup warnings that are known false positives, dropped by code and file only. zod 4.6.7 has
 * two explanatory comments that mention `@__PURE__` where Rollup reads annotations
 * (`zod/v4/core/regexes.js:74`, `util.js:400`): Rollup says it cannot interpret them and drops
 * the comments, which changes no code. Any other warning, from zod too, is printed.
 */
function onwarn(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction): void {
  if (warning.code === 'INVALID_ANNOTATION' && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? '')) return;
  warn(warning);
}

export default defineConfig({
  customLogger: shopLogger(),
  plugins: [
    reactRouter(),
    {
      // React Router names every server entry `index.js`; name each after its input instead
      name: 'server-entry-file-names',
      enforce: 'post',
      configEnvironment: (name) => (name === 'ssr' ? { build: { rollupOptions: { output: { entryFileNames: '[name].js' } } } } : undefined),
    },
    environmentAliases({
      // server rendering: react-i18next with a useTranslation that builds each `t` once
      // (app/i18n/react-i18next.server.ts); the browser keeps the package as it is, with
      // React's own useSyncExternalStore for the shim it imports (app/i18n/sync-external-store-shim.ts)
      ssr: {
        'react-i18next': path.resolve(import.meta.dirname, 'app/i18n/react-i18next.server.ts'),
        'react-i18next-original': path.resolve(import.meta.dirname, 'node_modules/react-i18next/dist/es/index.js'),
      },
      client: { 'use-sync-external-store/shim': path.resolve(import.meta.dirname, 'app/i18n/sync-external-store-shim.ts') },
    }),
  ],
  resolve: { alias: [{ find: '~', replacement: path.resolve(import.meta.dirname, 'app') }] },
  build: { assetsInlineLimit: 0, rollupOptions: { onwarn } },
  environments: {
    // The server build has two entries sharing their chunks (one module graph):
    // `index.js`, the React Router server build (tests load it), and `server.js`, the HTTP
    // server that `npm start` runs (server/main.ts).
    ssr: { build: { rollupOptions: { input: { index: 'virtual:react-router/server-build', server: './server/main.ts' } } } },
    // The browser build: React Router's default file names (it uses them when no `output` is
    // given), and the chunks of clientChunks().
    client: {
      // `npm run dev`: React Router transforms whole route modules in the browser's environment
      // to read their exports, so Vite's dependency discovery also meets the packages loaders and
      // actions use, which the browser never loads. argon2's browser entry re-exports an optional
      // WebAssembly package that is not installed: pre-bundling it would fail the whole batch.
      optimizeDeps: { exclude: ['@node-rs/argon2'] },
      build: {
        rollupOptions: {
          output: { entryFileNames: 'assets/[name]-[hash].js', manualChunks: clientChunks() },
          treeshake: { moduleSideEffects: coreHasNoSideEffects },
        },
      },
    },
  },
});
