/**
 * Imported first by server.ts: without `NODE_ENV` the server runs in production,
 * `--dev` (`npm run dev`) in development. It must run before React and React Router
 * are loaded, which pick their development or production build from `process.env.NODE_ENV`.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = process.argv.includes('--dev') ? 'development' : 'production';
export {};
