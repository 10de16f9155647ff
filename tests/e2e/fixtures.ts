/**
 * The end-to-end tests' `test` and `expect`: Playwright's, with an automatic fixture that fails a
 * test when any page of it logs a console error or throws an uncaught error (React's hydration
 * mismatch, #418/#423/#425, is both). The specs import `test`/`expect` from here instead of from
 * `@playwright/test`.
 *
 * One kind of console line is not counted: Chromium's own "Failed to load resource: the server
 * responded with a status of 4xx" for a page, its route data (`.data`) or a form post of the
 * shop, which is the shop's answer to what the test did (a refused form is a 400 with field
 * messages, an unknown product a 404 page, a missing right a 403); the page shows that answer,
 * and the test checks it. A 4xx for a script, style sheet, photo or font, any 5xx, a failed
 * request and every line the page's code logs still fail the test. A test that provokes another
 * error on purpose (it aborts requests, say) lists it with {@link allowConsoleErrors}.
 */
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

export { expect };
export type { Page };

type Problems = { allowed: RegExp[]; seen: string[] };

const problemsOf = new WeakMap<object, Problems>();

/**
 * Lets the current test's pages log console errors matching `patterns` (e.g. a 4xx the test
 * requests on purpose, which Chromium logs as "Failed to load resource").
 */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  problemsOf.get(page.context())?.allowed.push(...patterns);
}

/** A static file: a 4xx for one of them is a broken page, not an answer. */
const STATIC = /\/(assets|media|fonts?)\/|\.(js|css|woff2?|avif|webp|png|jpe?g|svg|ico)(\?|$)/;

/** Whether `m` is Chromium's line for a 4xx answer to a page, its route data or a form post. */
function isShopAnswer(m: ConsoleMessage): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d\b/.test(m.text()) && !STATIC.test(m.location().url);
}

/** Where a console message comes from, for the failure message. */
function where(m: ConsoleMessage): string {
  const l = m.location();
  return l.url ? ` (${l.url}:${l.lineNumber})` : '';
}

export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ context, browser }, use) => {
      const problems: Problems = { allowed: [], seen: [] };
      problemsOf.set(context, problems);
      const watched = new WeakSet<object>();
      const watch = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on('console', (m) => {
          if (m.type() === 'error' && !isShopAnswer(m)) problems.seen.push(`console error on ${page.url()}: ${m.text()}${where(m)}`);
        });
        page.on('pageerror', (e) => problems.seen.push(`uncaught error on ${page.url()}: ${e.message}`));
      };
      const follow = (c: BrowserContext) => {
        if (watched.has(c)) return c;
        watched.add(c);
        c.pages().forEach(watch);
        c.on('page', watch);
        return c;
      };
      follow(context);
      // the contexts a test opens itself (a second visitor, a phone profile) are watched too
      const { newContext, newPage } = browser;
      browser.newContext = async (...args) => follow(await newContext.apply(browser, args));
      browser.newPage = async (...args) => {
        const page = await newPage.apply(browser, args);
        follow(page.context());
        return page;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      const left = problems.seen.filter((s) => !problems.allowed.some((r) => r.test(s)));
      expect(left, 'console errors and uncaught errors of the test pages').toEqual([]);
    },
    { auto: true },
  ],
});
