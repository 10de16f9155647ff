/** Hono environment of the JSON API. */
import type { AuthUser } from '../core/accounts/index.ts';
import type { Locale } from '../core/i18n/browser.ts';
import type { Shop } from '../core/shop.ts';

export type ApiEnv = {
  Variables: {
    shop: Shop;
    /** Resolved lazily by `requireAuth`/`optionalAuth` (api/auth.ts). */
    auth: AuthUser | null | undefined;
    /** Language of the request (`?lang`, cookie, Accept-Language), set once at the edge: api/i18n.ts `edgeLocale`. */
    locale: Locale;
  };
};
