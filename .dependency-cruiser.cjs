/**
 * The architecture's import rules, checked on the whole tree (core app api server scripts tests;
 * docs/decisions/018-module-faces.md, which amends 011). `npm run deps:check`, part of `npm run lint`
 * and `npm test`; tests/integration/boundaries.test.ts shows that each rule fires.
 *
 * - Layers: `core` ← `api`/`app` ← `server` ← `scripts`; nothing imports upward, scripts do not
 *   import tests/, app/ imports neither server/ nor api/. Tests (`tests/`, `*.test.ts`) may
 *   import anything.
 * - Module faces: from outside `core/<module>/`, a module is imported only through its face,
 *   `core/<module>/index.ts` (everything public) or `core/<module>/browser.ts` (the part that is
 *   safe in the browser). The loose files at the top of core/ (errors.ts, validation.ts, redact.ts,
 *   shop.ts) are faces of their own.
 * - No folder cycle anywhere, every import counted (type-only ones too), the Drizzle tables
 *   (core/db/schema/, the data layer, which imports no module) included.
 *
 * What reaches the browser is checked by .dependency-cruiser-browser.cjs (compiled imports only).
 */
const TESTS = ['^tests/', '\\.test\\.tsx?$'];
const FACE = '^core/[^/]+/(index|browser)\\.ts$';

/** A layer rule: files of `from` (tests excepted) import nothing under `to`. */
const layer = (name, from, to, comment) => ({ name, severity: 'error', comment, from: { path: from, pathNot: TESTS }, to: { path: to } });

module.exports = {
  forbidden: [
    layer(
      'core-not-to-outer',
      '^core/',
      '^(app|api|server|scripts|tests)/|^server\\.ts$',
      'core/ is the inner layer: api/, app/ and server/ call it, never the other way round.',
    ),
    layer('api-not-to-app-server', '^api/', '^(app|server|scripts|tests)/|^server\\.ts$', 'api/ calls core/ only; the server mounts it.'),
    layer(
      'app-not-to-api-server',
      '^app/',
      '^(api|server|scripts|tests)/|^server\\.ts$',
      'app/ calls core/ only: move what it needs from api/ or server/ into core/ or app/lib.',
    ),
    layer('server-not-to-scripts', '^(server/|server\\.ts$)', '^(scripts|tests)/', 'server/ runs the shop; scripts/ drive it from outside.'),
    layer('scripts-not-to-tests', '^scripts/', '^tests/', 'A command must not depend on test code: share it through scripts/lib or core.'),
    {
      name: 'module-face',
      severity: 'error',
      comment: 'A core module imports another one through its face (core/<module>/index.ts or browser.ts), not its inner files.',
      from: { path: '^core/([^/]+)/', pathNot: TESTS },
      to: { path: '^core/[^/]+/.', pathNot: [FACE, '^core/$1/'] },
    },
    {
      name: 'layer-face',
      severity: 'error',
      comment: 'A layer (or a file at the top of core/) imports a core module through its face (core/<module>/index.ts or browser.ts), not its inner files.',
      from: { path: '^(app|api|server|scripts)/|^server\\.ts$|^core/[^/]+\\.ts$', pathNot: TESTS },
      to: { path: '^core/[^/]+/.', pathNot: FACE },
    },
    {
      name: 'no-file-cycles',
      severity: 'error',
      comment:
        'Two files import each other through some chain of imports (`import type` aside, which is gone at run time): module state and load order then depend on which file is imported first. Move the shared part into a file both import.',
      from: { path: '^(core|app|api|server|scripts|tests)/|^server\\.ts$' },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment:
        'Two folders depend on each other through some chain of files. Move the shared part into the lower one (tables and their value lists into core/db/schema), or pass the dependency in.',
      scope: 'folder',
      from: { path: '^(core|app|api|server|scripts)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // the route types React Router generates (`./+types/...`, .react-router/types) are not code
    exclude: { path: ['^node_modules', '^\\.react-router/', '^build/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
  },
};
