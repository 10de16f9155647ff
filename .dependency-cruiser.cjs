/**
 * Folder-level dependency check of core/: no cycle between
 * the modules of core (core/cart, core/orders, core/payments, ...), counting every import, type-only
 * ones too. File-level cycles are ESLint's `import/no-cycle`; the layer rules (core imports no
 * React, app/api import no Drizzle schema, ...) are in eslint.config.js.
 *
 * Left out of the graph: the data layer. The Drizzle tables (`core/<module>/schema.ts`,
 * `stock-schema.ts`) and `core/db/` (the client and the migrations, which list every table) are
 * the database seen from TypeScript: any module may read any table, and tables refer to each
 * other by foreign key. What must not go round in circles is the code: which module calls which.
 *
 * Run: `npm run deps:check` (part of `npm test` and `npm run lint`).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles-in-core',
      severity: 'error',
      comment:
        'Two core modules depend on each other (through any chain of files). Move the shared types into the data layer or the lower module, or pass the dependency in.',
      scope: 'folder',
      from: { path: '^core/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '(^|/)(stock-)?schema\\.ts$', '^core/db/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
  },
};
