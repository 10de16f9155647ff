/**
 * The personal part of a page from the shared page cache (issue 11, ADR 010 addendum 2). Such a
 * page was rendered for nobody (root loader data `personal: false`: no user, an empty cart). When
 * this browser holds the readable personal hint (core/accounts/cookies.ts `PERSONAL_HINT_COOKIE`,
 * kept by server/personal-hint.ts: a session or a filled cart), the page asks React Router to load
 * its data again once hydrated; that request is never cached, so the navbar, user menu and side
 * cart then show the visitor's own session and cart.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { PERSONAL_HINT_COOKIE, HOST_PREFIX } from '../../core/accounts/cookies.ts';

/**
 * Whether a `document.cookie` string holds the personal hint (plain or `__Host-` name).
 * @param cookie the browser's `document.cookie`.
 */
export function hasPersonalHint(cookie: string): boolean {
  return cookie.split(';').some((part) => {
    const name = part.slice(0, part.indexOf('=')).trim();
    return name === PERSONAL_HINT_COOKIE || name === `${HOST_PREFIX}${PERSONAL_HINT_COOKIE}`;
  });
}

/**
 * Loads the visitor's personal part after hydration when the page was rendered for nobody and
 * the browser holds the hint. Runs once per document; afterwards the data is the visitor's own
 * (`personal: true`) and client navigation keeps it.
 * @param personal the root loader's `personal` flag.
 */
export function usePersonalPart(personal: boolean): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!personal && hasPersonalHint(document.cookie)) void revalidate();
  }, [personal, revalidate]);
}
