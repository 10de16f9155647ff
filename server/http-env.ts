/**
 * What the pages' middlewares (server/app.ts) hand each other through Hono's context.
 */
import type { Locale } from '../core/i18n/browser.ts';
import type { PageEntry } from './page-cache.ts';

/** Hono environment of the pages' chain: the variables set by one middleware and read by another. */
export type HttpEnv = {
  Variables: {
    /** the request's language, set first in the chain (api/i18n.ts edgeLocale) */
    locale: Locale;
    secureHeadersNonce?: string;
    /** set when a file of build/client answered */
    staticFile?: boolean;
    /** CSP sources allowing a cached page's inline scripts (replace the per-request nonce) */
    pageCacheScripts?: string[];
    /** the page-cache entry this response was served from */
    pageCacheEntry?: PageEntry;
  };
};
