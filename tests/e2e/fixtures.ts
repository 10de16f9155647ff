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
 *
 * What the specs share besides: waiting until React has hydrated a page (`waitForHydration`, or
 * the `hydrated` fixture), signing in through the log-in form (`logIn`, `signIn`, or the
 * `signedIn` fixture) and filling the person fields of the registration and admin user forms
 * (`fillPersonForm`).
 */
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';

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

/** How long a spec waits for hydration by default (ms): a cold page on the 2-core machine. */
export const HYDRATION_TIMEOUT = 20_000;

/**
 * Waits until React has hydrated `page` (the root sets `html[data-hydrated]`), so clicks reach
 * React's handlers rather than the server-rendered form.
 * @param options.idle then also wait until no request is in flight (`networkidle`).
 */
export async function waitForHydration(page: Page, { timeout = HYDRATION_TIMEOUT, idle = false } = {}): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout });
  if (idle) await page.waitForLoadState('networkidle');
}

/** Opens `url` and waits until it is hydrated (see {@link waitForHydration} for the options). */
export async function openHydrated(page: Page, url: string, options: { timeout?: number; idle?: boolean } = {}): Promise<void> {
  await page.goto(url);
  await waitForHydration(page, options);
}

/** Someone who signs in: an e-mail address and a password. */
export type Credentials = { email: string; password: string };

/** Fills the log-in form of the page (found by its fields' names, so in every language) and sends it. */
async function sendLogInForm(page: Page, email: string, password: string): Promise<void> {
  const form = page.locator('main form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/**
 * Opens the log-in page and signs in through its form, as a visitor does; does not wait for where
 * the form leads (a test checks that, or uses {@link signIn}).
 * @param path the log-in page: `/login`, with `?redirectTo=…`, or an absolute URL for a spec with
 *   a server of its own.
 */
export async function logIn(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await sendLogInForm(page, email, password);
}

/**
 * Signs in through the log-in form with `?redirectTo=to` and waits until the log-in has led to
 * `to` (its path, not the log-in page naming it).
 * @param to the page to land on (a path, e.g. `/admin/home`).
 * @param options.base the origin of a spec's own server (`http://localhost:<port>`) when the
 *   context has no `baseURL` for it.
 * @param options.hydrated wait until the log-in page is hydrated before filling it (the form is
 *   then sent by React rather than posted as a document).
 */
export async function signIn(page: Page, who: Credentials, to = '/', { base = '', hydrated = false } = {}): Promise<void> {
  await page.goto(`${base}/login?redirectTo=${encodeURIComponent(to)}`);
  if (hydrated) await waitForHydration(page);
  await sendLogInForm(page, who.email, who.password);
  const path = to.split('?')[0];
  await page.waitForURL((u) => u.pathname === path);
}

/**
 * On the sandbox provider's page: approves the payment and waits for the success page, which says
 * the order is paid.
 * @returns the order's code.
 */
export async function approveSandboxPayment(page: Page): Promise<string> {
  await page.getByTestId('sandbox-approve').click();
  await page.waitForURL(/\/paymentsuccess\?order=/);
  const code = (await page.getByTestId('order-code').textContent())!.trim();
  await expect(page.getByTestId('success-paid')).toBeVisible();
  return code;
}

/** The row of order `code` on the customer's order history (/client/history, opened here). */
export async function historyRow(page: Page, code: string): Promise<Locator> {
  await page.goto('/client/history');
  return page.getByTestId('history-row').filter({ hasText: code });
}

/** Opens order `code` from its history row and waits for the order's page. */
export async function openFromHistory(page: Page, row: Locator, code: string): Promise<void> {
  await row.getByRole('link', { name: code }).click();
  await page.waitForURL(/\/client\/historydetails\?id=/);
}

/** The person fields of the registration page and the admin's new-user form. */
export type PersonFields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  street: string;
  postalCode: string;
  city: string;
  country?: string;
  password: string;
  /** The registration page asks for the password twice. */
  repeatPassword?: boolean;
  /** The admin's form picks a role. */
  role?: string;
};

/** Fills the person fields of the form on `page` (English labels); does not submit it. */
export async function fillPersonForm(page: Page, p: PersonFields): Promise<void> {
  await page.getByLabel('First name').fill(p.firstName);
  await page.getByLabel('Last name').fill(p.lastName);
  await page.getByLabel('E-mail').fill(p.email);
  await page.getByLabel('Phone').fill(p.phone);
  await page.getByLabel('Date of birth').fill(p.dateOfBirth);
  await page.getByLabel('Street').fill(p.street);
  await page.getByLabel('Postcode').fill(p.postalCode);
  await page.getByLabel('City').fill(p.city);
  if (p.country) await page.getByLabel('Country').selectOption(p.country);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  if (p.repeatPassword) await page.getByLabel('Repeat the password').fill(p.password);
  if (p.role) await page.getByLabel('Role').selectOption(p.role);
}

type Fixtures = {
  failOnConsoleErrors: void;
  /** Waits until the test's page is hydrated; with a URL, opens it first (see {@link openHydrated}). */
  hydrated: (url?: string, options?: { timeout?: number; idle?: boolean }) => Promise<void>;
  /** Signs the test's page in (see {@link signIn}) and waits until it is on `to`. */
  signedIn: (who: Credentials, to?: string, options?: { base?: string; hydrated?: boolean }) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  hydrated: async ({ page }, use) => {
    await use((url, options) => (url === undefined ? waitForHydration(page, options) : openHydrated(page, url, options)));
  },
  signedIn: async ({ page }, use) => {
    await use((who, to, options) => signIn(page, who, to, options));
  },
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
