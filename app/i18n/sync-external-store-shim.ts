/**
 * `use-sync-external-store/shim` in the browser build (vite.config.ts aliases it here):
 * react-i18next's useTranslation imports the shim, which on React 18 and later hands out React's
 * own useSyncExternalStore but still ships its fallback for older React (~0.3 KB brotli on every
 * page). React 19 has the hook, so the alias gives it directly.
 */
export { useSyncExternalStore } from 'react';
