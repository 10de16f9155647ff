/**
 * What reaches the browser (docs/decisions/018-module-faces.md): the imports that survive
 * compilation (type-only imports are erased, so they are not counted here), from the faces
 * pages use in the browser. Part of `npm run deps:check`.
 *
 * - A browser face (core/<module>/browser.ts, core/errors.ts, core/validation.ts) reaches no
 *   Drizzle, no database driver, no node: module and no other server package, through any chain.
 * - Browser code of app/ (components, hooks, app/lib and app/i18n outside `*.server.ts`)
 *   imports core only through browser faces. Route modules (app/routes, app/layouts) and root.tsx mix loaders (server) and
 *   components: React Router drops their loaders and actions, with the imports only those use,
 *   from the client bundle; `npm test` greps the built client for Drizzle, PGlite and node:.
 */
const SERVER_ONLY = [
  '^node:',
  '^(fs|path|crypto|child_process|os|url|util|zlib|stream|net|tls|http|https|module|worker_threads|events)$',
  '(^|/)node_modules/(drizzle-orm|pg|pg-[^/]+|@electric-sql|nodemailer|pdfkit|sharp|@node-rs|ioredis|prom-client|pino|rate-limiter-flexible|aws4fetch|swissqrbill|csv-[^/]+|fast-xml-parser|qrcode|otplib|jose|hono|@hono|@embedpdf|proxy-addr|ipaddr\\.js|@react-router/node)/',
  '^core/db/(client|backup|lock|data-dir|prepared|health|to-postgres|content-version)\\.ts$',
  '\\.server\\.tsx?$',
];
const BROWSER_FACES = '^core/[^/]+/browser\\.ts$|^core/(errors|validation)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'browser-face-is-browser-safe',
      severity: 'error',
      comment: 'A browser face pulls server code into the client bundle. Keep the server part behind index.ts.',
      from: { path: BROWSER_FACES },
      to: { path: SERVER_ONLY, reachable: true },
    },
    {
      name: 'browser-code-imports-browser-faces',
      severity: 'error',
      comment: 'Browser code of app/ imports core through browser faces (core/<module>/browser.ts); index.ts may pull server code into the client bundle.',
      from: { path: '^app/', pathNot: ['^app/(routes|layouts)/', '^app/root\\.tsx$', '^app/entry\\.server\\.tsx$', '\\.server\\.tsx?$', '\\.test\\.tsx?$'] },
      to: { path: ['^core/[^/]+/index\\.ts$', '^core/(shop|redact)\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^\\.react-router/', '^build/'] },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
