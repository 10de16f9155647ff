/**
 * The personal part of a page from the shared page cache (ADR 027, ADR 015). Such a
 * page was rendered for nobody (root loader data `personal: false`: no user, an empty cart). When
 * this browser holds the readable personal hint (core/accounts/cookies.ts `PERSONAL_HINT_COOKIE`,
 * kept by server/personal-hint.ts: a session or a filled cart), the page asks `GET /personal`
 * (server/personal-part.ts) for the visitor's own user and cart once hydrated; that answer is never
 * stored, and the navbar, user menu and side cart then show it ({@link useWithPersonalPart}). The
 * page's own data is not loaded again. The server gives the shared page to such a visitor only
 * once this script has marked the hint (a browser without JavaScript never does).
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Role } from '../../core/accounts/browser.ts';
import type { CartView } from '../../core/cart/index.ts';
import { HOST_PREFIX, PERSONAL_HINT_COOKIE, PERSONAL_HINT_MAX_AGE_S, PERSONAL_HINT_SCRIPTS } from '../../core/accounts/browser.ts';

/**
 * What this browser last saw of its personal part, kept in `localStorage` under
 * {@link PERSONAL_VIEW_KEY} as JSON: the cart's item count (line item counts added up) and
 * whether the signed-in user is an Admin. Only the header's hint ({@link PERSONAL_VIEW_EARLY_SCRIPT})
 * reads it; the page itself always shows the personal part the server answers.
 */
type PersonalView = { cartCount: number; admin: boolean };

/** The `localStorage` key of {@link PersonalView}. */
const PERSONAL_VIEW_KEY = 'personalView';

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
function rememberPersonalView(view: PersonalView): void {
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
  // `document.cookie` is the browser's own `name=value; …` list of this page's readable cookies
  // (the hint's values are plain digits): split here rather than through the server's cookie
  // parser, whose package (12 KB) would join every storefront page's scripts
  const pairs = cookie.split(/;\s*/);
  for (const name of [PERSONAL_HINT_COOKIE, `${HOST_PREFIX}${PERSONAL_HINT_COOKIE}`]) {
    const pair = pairs.find((p) => p.startsWith(`${name}=`));
    if (pair !== undefined) return { name, value: pair.slice(name.length + 1) };
  }
  return null;
}

/**
 * The id of the inline JSON block (`<script type="application/json">`, in the document's head) that
 * holds the {@link PersonalPart} of a page the server built from the shared page cache with the
 * visitor's own header (server/personal-page.ts): the page then hydrates with that part at once,
 * and its header matches the HTML.
 */
export const PERSONAL_PART_ELEMENT_ID = 'personal-part';

/** The personal part the server wrote into the document ({@link PERSONAL_PART_ELEMENT_ID}), or null. */
function inlinePersonalPart(): PersonalPart | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(PERSONAL_PART_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PersonalPart;
  } catch {
    return null;
  }
}

/** The path of the personal part (server/personal-part.ts `PERSONAL_PART_PATH`). */
const PERSONAL_PART_PATH = '/personal';

/**
 * The visitor's own part of the root loader's data, as `GET /personal` answers it
 * (server/personal-part.ts `PersonalPart`): the user and the cart view. Money in Rappen.
 */
export type PersonalPart = { user: { userId: string; role: Role } | null; cart: CartView };

/** The fields of the root loader's data the personal part replaces. */
type PersonalFields = { personal: boolean; user: PersonalPart['user']; cart: CartView };

const PersonalPartContext = createContext<PersonalPart | null>(null);

/** Provides the personal part fetched by {@link usePersonalPart} to {@link useWithPersonalPart} (root.tsx). */
export const PersonalPartProvider = PersonalPartContext.Provider;

/**
 * The root loader's data as this visitor sees it: on a page from the shared cache (`personal:
 * false`) whose personal part has arrived, its user and cart replace nobody's (and `personal`
 * becomes true, which removes the header's placeholders); otherwise the data as it is. Data the
 * root loader answered for the visitor themselves (a rendered page, a client navigation, the
 * revalidation after a form) always wins over an earlier personal part.
 * @param data the root loader's data (or a part of it with the personal fields).
 */
function withPersonalPart<T extends PersonalFields>(data: T, part: PersonalPart | null): T {
  if (data.personal || !part) return data;
  return { ...data, user: part.user, cart: part.cart, personal: true };
}

/** {@link withPersonalPart} with the personal part provided by root.tsx (navbar, side cart). */
export function useWithPersonalPart<T extends PersonalFields>(data: T): T {
  const part = useContext(PersonalPartContext);
  return useMemo(() => withPersonalPart(data, part), [data, part]);
}

/**
 * Loads the personal part: `GET /personal` with the session cookies, never stored (the answer
 * says `private, no-store`). Null when the request fails (offline, 5xx): the page then keeps
 * showing nobody's part, as it did before hydration.
 */
async function fetchPersonalPart(): Promise<PersonalPart | null> {
  try {
    const res = await fetch(PERSONAL_PART_PATH, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as PersonalPart) : null;
  } catch {
    return null;
  }
}

/**
 * Once hydrated, in a browser holding the hint: marks the hint as coming from a browser that runs
 * scripts ({@link PERSONAL_HINT_SCRIPTS}; from then on storefront pages may come from the shared
 * cache) and, when this page was rendered for nobody, loads its personal part (`GET /personal`,
 * the user and cart only; the page's own data is not loaded again). Runs after hydration and
 * after every navigation (reading `document.cookie` only); once the visitor's own part is shown
 * — from `/personal`, or from the root loader after a client navigation or a form — every change
 * of it is remembered for the next document's header hint ({@link rememberPersonalView}).
 * @param data the root loader's data (nobody's `user` and `cart` on a shared page); undefined
 *   while the root shows its error boundary.
 * @returns the personal part for {@link PersonalPartProvider}, null until it has arrived (or when
 *   the page is the visitor's own).
 */
export function usePersonalPart(data: PersonalFields | undefined): PersonalPart | null {
  // a page whose header the server drew for the visitor carries the part it drew: hydrated with it
  const [part, setPart] = useState<{ for: PersonalFields; part: PersonalPart } | null>(() => {
    const inline = data && !data.personal ? inlinePersonalPart() : null;
    return data && inline ? { for: data, part: inline } : null;
  });
  // a personal part belongs to the root data it completes; new root data is the visitor's own
  const current = part && data && part.for === data ? part.part : null;
  const view = data && withPersonalPart(data, current);
  const personal = view?.personal ?? false;
  const cartCount = view?.cart.itemCount ?? 0;
  const admin = view?.user?.role === 'Admin';
  useEffect(() => {
    if (personal) rememberPersonalView({ cartCount, admin });
  }, [personal, cartCount, admin]);
  // after every navigation too: signing in is a client navigation, and its answer sets the hint
  const { key } = useLocation();
  const loading = useRef<PersonalFields | null>(null);
  useEffect(() => {
    const hint = personalHint(document.cookie);
    if (!hint) return;
    if (hint.value !== PERSONAL_HINT_SCRIPTS) {
      // a __Host- cookie must be Secure with Path=/ (the shop is on https then)
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${hint.name}=${PERSONAL_HINT_SCRIPTS}; Path=/; Max-Age=${PERSONAL_HINT_MAX_AGE_S}; SameSite=Lax${secure}`;
    }
    if (!data || data.personal || current || loading.current === data) return;
    loading.current = data;
    void fetchPersonalPart().then((loaded) => {
      if (loading.current === data) loading.current = null;
      if (loaded) setPart({ for: data, part: loaded });
    });
  }, [data, current, key]);
  return current;
}
