/**
 * The personal part of a page from the shared page cache (ADR 010 addendum 2). Such a
 * page was rendered for nobody (root loader data `personal: false`: no user, an empty cart). When
 * this browser holds the readable personal hint (core/accounts/cookies.ts `PERSONAL_HINT_COOKIE`,
 * kept by server/personal-hint.ts: a session or a filled cart), the page asks React Router to load
 * its data again once hydrated; that request is never cached, so the navbar, user menu and side
 * cart then show the visitor's own session and cart. The server gives the shared page to such a
 * visitor only once this script has marked the hint (a browser without JavaScript never does).
 */
import { useEffect } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { HOST_PREFIX, PERSONAL_HINT_COOKIE, PERSONAL_HINT_MAX_AGE_S, PERSONAL_HINT_SCRIPTS, readCookie } from '../../core/accounts/browser.ts';

/**
 * What this browser last saw of its personal part, kept in `localStorage` under
 * {@link PERSONAL_VIEW_KEY} as JSON: the cart's item count (line item counts added up) and
 * whether the signed-in user is an Admin. Only the header's hint ({@link PERSONAL_VIEW_EARLY_SCRIPT})
 * reads it; the page itself always shows the personal part the server answers.
 */
export type PersonalView = { cartCount: number; admin: boolean };

/** The `localStorage` key of {@link PersonalView}. */
export const PERSONAL_VIEW_KEY = 'personalView';

/** Largest cart count the hint shows (a larger stored number is treated as damaged and ignored). */
const MAX_HINTED_COUNT = 9999;

/**
 * Inline script for the document's head (root.tsx), run before the first paint: when the browser
 * holds the personal hint cookie (its page came from the shared cache and is drawn for nobody)
 * and remembers a {@link PersonalView}, it marks `<html>` so the header shows that view at once
 * instead of popping it in after hydration and the personal-part request (up to ~1 s on a
 * throttled phone): `data-cart-hint` with the count in the CSS variable `--cart-hint` (the
 * badge's text, drawn by CSS: app.css `.badge-hint`), and `data-admin-hint` for the admin tools
 * icon. The shared page renders both placeholders hidden (components/Navbar.tsx); once the
 * personal part arrives React draws the real badge and icon and the placeholders are gone. A
 * stale view (a cart changed on another device) shows for that moment only. Never throws.
 */
export const PERSONAL_VIEW_EARLY_SCRIPT =
  `try{if(/(?:^|;\\s*)(?:${HOST_PREFIX})?${PERSONAL_HINT_COOKIE}=/.test(document.cookie)){` +
  `var v=JSON.parse(localStorage.getItem('${PERSONAL_VIEW_KEY}')||'null'),r=document.documentElement;` +
  `if(v){var n=Math.floor(Number(v.cartCount));` +
  `if(n>0&&n<=${MAX_HINTED_COUNT}){r.setAttribute('data-cart-hint','');r.style.setProperty('--cart-hint','"'+n+'"')}` +
  `if(v.admin===true)r.setAttribute('data-admin-hint','')}}}catch(e){}`;

/**
 * Stores the visitor's own view for the next document's head script; a no-op where storage is
 * unavailable (private mode, full quota).
 */
export function rememberPersonalView(view: PersonalView): void {
  try {
    localStorage.setItem(PERSONAL_VIEW_KEY, JSON.stringify(view));
  } catch {
    // the hint is a nicety; the page does not depend on it
  }
}

/**
 * The personal hint in a `document.cookie` string (plain or `__Host-` name), or null.
 * @param cookie the browser's `document.cookie`.
 */
export function personalHint(cookie: string): { name: string; value: string } | null {
  for (const name of [PERSONAL_HINT_COOKIE, `${HOST_PREFIX}${PERSONAL_HINT_COOKIE}`]) {
    const value = readCookie(cookie, name);
    if (value !== null) return { name, value };
  }
  return null;
}

/**
 * Once hydrated, in a browser holding the hint: marks the hint as coming from a browser that runs
 * scripts ({@link PERSONAL_HINT_SCRIPTS}; from then on storefront pages may come from the shared
 * cache) and, when this page was rendered for nobody, loads its personal part. Runs after
 * hydration and after every navigation (reading `document.cookie` only); once the data is the
 * visitor's own (`personal: true`) client navigation keeps it, and every change of it is
 * remembered for the next document's header hint ({@link rememberPersonalView}).
 * @param personal the root loader's `personal` flag.
 * @param view the visitor's cart count and role as the root loader answered them (nobody's on a shared page).
 */
export function usePersonalPart(personal: boolean, view: PersonalView): void {
  const { cartCount, admin } = view;
  useEffect(() => {
    if (personal) rememberPersonalView({ cartCount, admin });
  }, [personal, cartCount, admin]);
  const { revalidate } = useRevalidator();
  // after every navigation too: signing in is a client navigation, and its answer sets the hint
  const { key } = useLocation();
  useEffect(() => {
    const hint = personalHint(document.cookie);
    if (!hint) return;
    if (hint.value !== PERSONAL_HINT_SCRIPTS) {
      // a __Host- cookie must be Secure with Path=/ (the shop is on https then)
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${hint.name}=${PERSONAL_HINT_SCRIPTS}; Path=/; Max-Age=${PERSONAL_HINT_MAX_AGE_S}; SameSite=Lax${secure}`;
    }
    if (!personal) void revalidate();
  }, [personal, revalidate, key]);
}
