import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import path from 'node:path';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    {
      // React Router names every server entry `index.js`; name each after its input instead
      name: 'server-entry-file-names',
      enforce: 'post',
      config: (_config, env) => (env.isSsrBuild ? { build: { rollupOptions: { output: { entryFileNames: '[name].js' } } } } : undefined),
    },
  ],
  resolve: {
    alias: [
      { find: '~', replacement: path.resolve(import.meta.dirname, 'app') },
      // server rendering: react-i18next with a useTranslation that builds each `t` once
      // (app/i18n/react-i18next.server.ts, issue 11); the browser keeps the package as it is
      ...(isSsrBuild
        ? [
            { find: /^react-i18next$/, replacement: path.resolve(import.meta.dirname, 'app/i18n/react-i18next.server.ts') },
            { find: /^react-i18next-original$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-i18next/dist/es/index.js') },
          ]
        : []),
    ],
  },
  build: {
    assetsInlineLimit: 0,
    // The server build has two entries sharing their chunks (one module graph, issue 11):
    // `index.js`, the React Router server build (tests load it), and `server.js`, the HTTP
    // server that `npm start` runs (server/main.ts).
    rollupOptions: isSsrBuild ? { input: { index: 'virtual:react-router/server-build', server: './server/main.ts' } } : undefined,
  },
}));
