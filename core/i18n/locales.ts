/**
 * Supported locales (docs/product.md §1): English (default), German, French, Italian and
 * Spanish in the picker; further catalogues for ar, id, ja, ko, pl, pt-BR, ru, tr, vi, zh. One
 * language value, {@link Locale}, for pages, API answers, e-mails and documents, and one
 * resolver, {@link resolveLocale}, that decides it (ADR 016).
 * Pure functions, safe in the browser and on the server.
 */
export const DEFAULT_LOCALE = 'en' satisfies Locale;
/** Locales offered in the navbar picker. */
export const PICKER_LOCALES = ['en', 'de', 'fr', 'it', 'es'] as const;
/** Every locale with a catalogue. */
export const LOCALES = [...PICKER_LOCALES, 'ar', 'id', 'ja', 'ko', 'pl', 'pt-BR', 'ru', 'tr', 'vi', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The namespaces the browser may load; one JSON file per locale and namespace in
 * `core/i18n/locales/<lng>/`.
 */
export const NAMESPACES = [
  'common',
  'catalogue',
  'cart',
  'account',
  'checkout',
  'legal',
  'errors',
  'admin',
  'security',
  'privacy',
  'influencer',
  'custombox',
  'adminshop',
] as const;

/**
 * Namespaces only the server reads, in the same folder: `mail` (every e-mail to customers and to
 * the shop) and `documents` (invoice and credit-note PDFs). They are never browser assets, so no
 * page downloads or lists them.
 */
export const SERVER_NAMESPACES = ['mail', 'documents'] as const;

/** Every namespace of the text store. */
export type Namespace = (typeof NAMESPACES)[number] | (typeof SERVER_NAMESPACES)[number];

/**
 * The namespaces the browser loads for a page whose route declares none (`handle.i18n`, see
 * app/i18n/page-namespaces.ts): every namespace but the admin area's and the long legal texts
 * (which are rendered on the server). New namespaces added to NAMESPACES join it by themselves.
 */
export const DEFAULT_PAGE_NAMESPACES: readonly string[] = NAMESPACES.filter((ns) => ns !== 'admin' && ns !== 'adminshop' && ns !== 'legal');

/**
 * Namespaces only admin pages use: not in {@link DEFAULT_PAGE_NAMESPACES}; the admin layout
 * declares them (`handle.i18n`), so they reach signed-in admins only.
 */
export const ADMIN_NAMESPACES: readonly Namespace[] = ['admin', 'adminshop'];

/** Each locale's own name, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ar: 'العربية',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  ko: '한국어',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  tr: 'Türkçe',
  vi: 'Tiếng Việt',
  zh: '中文',
};

/** Right-to-left scripts among the locales (pages, e-mails and PDFs alike). */
export function isRtl(lang: string): boolean {
  return lang === 'ar';
}

/** The BCP 47 tag used for number, price and date formats (Swiss variants where they exist). */
export function intlLocale(lang: string): string {
  switch (lang) {
    case 'en':
      return 'en-CH';
    case 'de':
      return 'de-CH';
    case 'fr':
      return 'fr-CH';
    case 'it':
      return 'it-CH';
    default:
      return lang;
  }
}

/** Maps a tag like `de-DE`, `pt-br` or `zh-Hans` to a supported locale, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  const base = t.split(/[-_]/)[0];
  if (base === 'pt') return 'pt-BR';
  return LOCALES.find((l) => l.toLowerCase() === base) ?? null;
}

/** Where a language can come from, each as found (any case, any region: `de-CH`, `pt-br`), or absent. */
export type LocaleSources = {
  /** `?lang=` of the request: an explicit choice. */
  query?: string | null;
  /** The `lang` cookie: the choice remembered from the picker. */
  cookie?: string | null;
  /** A language stored with a record: the user's or the order's `locale`, the shop's `shopMailLocale`. */
  stored?: string | null;
  /** The browser's `Accept-Language` header (RFC 9110 section 12.5.4), ranked by q-value. */
  acceptLanguage?: string | null;
};

/**
 * The one decision "which language does this get": a page or API answer (`query`, `cookie`,
 * `acceptLanguage`), a customer's e-mail or invoice (`stored`: the order's or user's locale), the
 * shop's own mail (`stored`: the setting). The first source that names a supported locale wins,
 * in the order query, cookie, stored, Accept-Language; otherwise English. A tag is matched by
 * {@link matchLocale} (`de-CH` is `de`, `pt` is `pt-BR`).
 */
export function resolveLocale(from: LocaleSources): Locale {
  const explicit = matchLocale(from.query) ?? matchLocale(from.cookie) ?? matchLocale(from.stored);
  if (explicit) return explicit;
  if (from.acceptLanguage) {
    const ranked = from.acceptLanguage
      .split(',')
      .map((part) => {
        const [tag, ...params] = part.trim().split(';');
        const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
        return { tag, q: q ? Number(q) : 1 };
      })
      .filter((x) => x.tag && x.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const m = matchLocale(tag);
      if (m) return m;
    }
  }
  return DEFAULT_LOCALE;
}

/** Name of the cookie that remembers the language chosen in the picker or by `?lang=`. */
export const LANG_COOKIE = 'lang';

/** What a request offers for its language: exactly what {@link requestLocale} reads. */
export type RequestLocaleInputs = {
  /** The request's URL, absolute or path with query (`/cart?lang=de`): only its `?lang=` is read. */
  url: string;
  /**
   * The {@link LANG_COOKIE} cookie's value, as the server's one cookie reader reads it (Hono's
   * `getCookie` where a request context is at hand, core/accounts `readCookies` before Hono).
   */
  langCookie?: string | null;
  /** The raw `Accept-Language` header. */
  acceptLanguage?: string | null;
};

/**
 * The language of one request — a page, a resource, an API call or a refusal made before either
 * (body limit, cross-site form): `?lang=`, then the `lang` cookie, then `Accept-Language`, then
 * English ({@link resolveLocale}). Decided once at the edge (server/app.ts and server/api-chain.ts put
 * it on the context as `locale`); the page-cache front door, which runs before Hono, calls this
 * with the same inputs, so its cache key names the language the page was rendered in.
 * Pure; parses the query only when it can name a language.
 */
export function requestLocale({ url, langCookie, acceptLanguage }: RequestLocaleInputs): Locale {
  const q = url.indexOf('?');
  const query = q >= 0 && url.includes('lang=', q) ? new URLSearchParams(url.slice(q + 1).split('#')[0]).get('lang') : null;
  return resolveLocale({ query, cookie: langCookie, acceptLanguage });
}

/**
 * The language of a stored record: an order's or user's `locale`, the shop's `shopMailLocale`.
 * A tag is matched as {@link matchLocale} does (`de-CH` is `de`); an unknown or missing one is English.
 */
export function storedLocale(value: string | null | undefined): Locale {
  return resolveLocale({ stored: value });
}
