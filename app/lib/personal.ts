/**
 * The personal part of a page from the shared page cache (issue 11, ADR 010 addendum 2). Such a
 * page was rendered for nobody (root loader data `personal: false`: no user, an empty cart). When
 * this browser holds the readable personal hint (core/accounts/cookies.ts `PERSONAL_HINT_COOKIE`,
 * kept by server/personal-hint.ts: a session or a filled cart), the page asks React Router to load
 * its data again once hydrated; that request is never cached, so the navbar, user menu and side
 * cart then show the visitor's own session and cart. The server gives the shared page to such a
 * visitor only once this script has marked the hint (a browser without JavaScript never does).
 */
import { useEffect } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { HOST_PREFIX, PERSONAL_HINT_COOKIE, PERSONAL_HINT_MAX_AGE_S, PERSONAL_HINT_SCRIPTS, readCookie } from '../../core/accounts/cookies.ts';

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
 * visitor's own (`personal: true`) client navigation keeps it.
 * @param personal the root loader's `personal` flag.
 */
export function usePersonalPart(personal: boolean): void {
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
