// ESLint (flat config): typescript-eslint, react-hooks, jsx-a11y, and the boundaries
// dependency-cruiser does not say: no React in core/, Drizzle as types only in app/ and api/
// (docs/decisions/011-lint-and-boundaries.md, 018-module-faces.md; the layers, module faces and
// import cycles of files and folders are .dependency-cruiser.cjs). Prettier owns formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** A `no-restricted-imports` rule (typescript-eslint's, so `import type` can be allowed). */
const restrict = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
const noApp = { group: ['**/app/**', '~/**'], message: 'api/, server/ and core/ import nothing from app/ (the UI).' };
/** The server builds the load context that app/context.ts declares: it may import app/'s types, never its code (it serves the built app). */
const noAppValues = { ...noApp, allowTypeImports: true, message: 'server/ serves the built app: it imports app/ types only.' };
const noOuter = {
  group: ['**/api/**', '**/server/**', '**/server.ts'],
  message: 'core/ is the inner layer: it imports nothing from api/ or server/ (they call core).',
};
const noReact = {
  group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-i18next', '@react-router/*'],
  message: 'core/ owns data and rules and imports no React.',
};
const noSchema = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/core/db/index.ts', '**/core/db/schema/**', '**/core/db/client.ts'],
  allowTypeImports: true,
  message: 'Routes and API handlers call core functions; queries and the Drizzle schema live in core/.',
};

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', '.react-router/**', 'data/**', 'test-results/**', 'playwright-report/**', 'backups/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
        Headers: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
        File: 'readonly',
        AbortController: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        crypto: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        performance: 'readonly',
        document: 'readonly',
        window: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
        requestAnimationFrame: 'readonly',
        matchMedia: 'readonly',
        HTMLElement: 'readonly',
        Event: 'readonly',
        KeyboardEvent: 'readonly',
        MouseEvent: 'readonly',
        Node: 'readonly',
        atob: 'readonly',
        btoa: 'readonly',
        global: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // `interface AppLoadContext extends ShopLoadContext {}` (app/context.ts): declaration merging needs an interface
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-control-regex': 'off',
      // one import line per module (a value import and an `import type` line may stand apart)
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  {
    files: ['app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  { files: ['app/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // a label's text may sit three levels deep (label > span > strong > text, e.g. the payment methods)
  { files: ['app/**/*.tsx'], rules: { 'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }] } },
  { files: ['core/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict([noApp, noOuter, noReact]) },
  { files: ['server/**/*.ts', 'server.ts'], ignores: ['**/*.test.ts'], rules: restrict([noAppValues]) },
  { files: ['api/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict([noApp, noSchema]) },
  // size limits of the developers' guide (docs/decisions/011-lint-and-boundaries.md): a core function
  // reads as the one rule it implements, a route module as one page
  {
    files: ['core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  { files: ['app/routes/**/*.{ts,tsx}'], rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] } },
  { files: ['app/**/*.{ts,tsx}'], ignores: ['**/*.test.ts'], rules: restrict([noSchema]) },
  prettier,
);
