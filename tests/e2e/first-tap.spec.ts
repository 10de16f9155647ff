/**
 * Every control works from the first tap (ADR 013): on the throttled phone profile
 * (scripts/lib/phone-profile.ts), each control is tapped as soon as it is painted, while the page's
 * scripts are held back (so the tap is certainly made before hydration, on any machine), and what
 * it promises is asserted; then the scripts are let through and the test checks that hydration
 * keeps what the tap did and that the control goes on working under React. The age gate and
 * the cookie notice only appear once the page is hydrated (they count from then): they are tapped
 * the moment they are painted.
 */
import { expect, test } from './fixtures.ts';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_CUSTOMER } from './checkout-env.ts';
import { holdScripts, PHONE_VIEWPORT, throttle } from '../../scripts/lib/phone-profile.ts';

// every test is its own visitor (own browser context, no shared account state): the file's tests
// spread over the workers instead of running one after another in one of them
test.describe.configure({ mode: 'parallel' });

const DESKTOP = { width: 1280, height: 800 };
const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };
/** Hydration on a throttled phone on a busy 2-core machine can take a while. */
const HYDRATION_WAIT = { timeout: 60_000 };

type Visit = { context: BrowserContext; page: Page; release: () => Promise<void> };

/** A new visitor on the phone profile (or the same throttling at desktop width) whose page scripts wait for `release()`. */
async function visitor(browser: Browser, opts: { desktop?: boolean; storage?: 'confirmed' | 'empty' } = {}): Promise<Visit> {
  const context = await browser.newContext({
    ...(opts.desktop ? { viewport: DESKTOP } : { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }),
    ...(opts.storage === 'empty' ? { storageState: { cookies: [], origins: [] } } : {}),
  });
  const { release } = await holdScripts(context);
  const page = await context.newPage();
  await throttle(page);
  return { context, page, release };
}

/** Logs in through the login form (a form post; without scripts the page confirms with a "Continue" link). */
async function login(page: Page, who: { email: string; password: string }) {
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Log in successfully')).toBeVisible(HYDRATION_WAIT);
}

/** The page has not started hydrating (its scripts are held back). */
async function notHydrated(page: Page) {
  await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
}

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, HYDRATION_WAIT);
}

/** Taps (touch) or clicks (desktop) as soon as the element is painted. */
async function tap(page: Page, locator: ReturnType<Page['locator']>) {
  if (page.viewportSize()!.width < 600) await locator.tap();
  else await locator.click();
}

test.describe('phone, before the scripts', () => {
  test('search: the icon opens the field, typing is kept, and the live results come once the scripts run', async ({ browser }) => {
    const { context, page, release } = await visitor(browser);
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('search-toggle'));
    const input = page.getByTestId('search-input');
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    await input.fill('opusx robustto');
    await notHydrated(page);
    await release();
    await hydrated(page);
    await expect(input).toBeVisible();
    await expect(page.getByTestId('search-results').locator('li').first()).toContainText('Fuente Fuente OpusX Robusto', HYDRATION_WAIT);
    await context.close();
  });

  test('search: Enter before the scripts shows the list of results', async ({ browser }) => {
    const { context, page } = await visitor(browser);
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('search-toggle'));
    await page.getByTestId('search-input').fill('hemingway');
    await notHydrated(page);
    await page.getByTestId('search-input').press('Enter');
    await expect(page).toHaveURL(/\/client\/products\?q=hemingway$/, HYDRATION_WAIT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “hemingway”');
    await context.close();
  });

  test('menu: the button opens the menu; it stays open through hydration and closes under React', async ({ browser }) => {
    const { context, page, release } = await visitor(browser);
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('mobile-menu-trigger'));
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'Products', 'Contact', 'Log in']) await expect(menu.getByRole('link', { name })).toBeVisible();
    await notHydrated(page);
    // its close icon works before the scripts too
    await tap(page, menu.getByRole('button', { name: 'Close menu' }));
    await expect(menu).toBeHidden();
    await tap(page, page.getByTestId('mobile-menu-trigger'));
    await expect(menu).toBeVisible();
    await release();
    await hydrated(page);
    await expect(menu).toBeVisible();
    await expect(page.getByTestId('mobile-menu-trigger')).toHaveAttribute('aria-expanded', 'true');
    await tap(page, menu.getByRole('button', { name: 'Close menu' }));
    await expect(menu).toBeHidden();
    await tap(page, page.getByTestId('mobile-menu-trigger'));
    await expect(menu).toBeVisible();
    await context.close();
  });

  test('menu: its links, its languages and its theme toggle work before the scripts', async ({ browser }) => {
    const { context, page } = await visitor(browser);
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('mobile-menu-trigger'));
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await tap(page, menu.getByRole('button', { name: 'Switch to dark mode' }));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark', HYDRATION_WAIT);
    await tap(page, page.getByTestId('mobile-menu-trigger'));
    await tap(page, menu.getByRole('button', { name: 'Deutsch' }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de', HYDRATION_WAIT);
    await tap(page, page.getByRole('button', { name: 'Menü öffnen' }));
    await tap(page, page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: 'Produkte' }));
    await expect(page).toHaveURL(/\/client\/products$/, HYDRATION_WAIT);
    await notHydrated(page);
    await context.close();
  });

  test('cart icon: shows the cart (the cart page before the scripts, the side cart after)', async ({ browser }) => {
    const { context, page, release } = await visitor(browser);
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('cart-icon'));
    await expect(page).toHaveURL(/\/shopcart$/, HYDRATION_WAIT);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await notHydrated(page);
    await page.goto('/', { waitUntil: 'commit' });
    await release();
    await hydrated(page);
    await tap(page, page.getByTestId('cart-icon'));
    await expect(page.getByTestId('sidecart')).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await context.close();
  });

  test('product page: add to cart adds exactly once and says so, buy now goes to checkout with the chosen quantity', async ({ browser, request }) => {
    const res = await request.post('/api/product/searchProducts', { data: { searchOptions: { searchName: 'opusx robusto' } } });
    const id = ((await res.json()) as { products: { _id: string }[] }).products[0]!._id;
    const { context, page, release } = await visitor(browser);
    await page.goto(`/productdetail?id=${id}`, { waitUntil: 'commit' });
    await tap(page, page.getByTestId('add-to-cart'));
    // the form post leads to the cart page, which says what was added and links back to the product
    await expect(page).toHaveURL(/\/shopcart\?added=/, HYDRATION_WAIT);
    await expect(page.getByTestId('added-notice')).toContainText('Fuente Fuente OpusX Robusto');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await notHydrated(page);
    await tap(page, page.getByTestId('added-back'));
    await expect(page).toHaveURL(/\/productdetail\?id=/, HYDRATION_WAIT);
    await notHydrated(page);
    await tap(page, page.getByTestId('buy-now'));
    // checkout asks a visitor to log in first
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpayment$/, HYDRATION_WAIT);
    await release();
    await page.goto('/shopcart');
    await hydrated(page);
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText('Fuente Fuente OpusX Robusto');
    await expect(lines.first().getByRole('spinbutton')).toHaveValue('1'); // buy now sets the chosen quantity (1), not one more
    await context.close();
  });

  test('product list: a filter applies at once before the scripts', async ({ browser }) => {
    const { context, page } = await visitor(browser);
    await page.goto('/client/products', { waitUntil: 'commit' });
    await page.getByLabel('Category').selectOption('accessory');
    await expect(page).toHaveURL(/[?&]category=accessory/, HYDRATION_WAIT);
    await expect(page.getByLabel('Category')).toHaveValue('accessory');
    await notHydrated(page);
    await context.close();
  });

  test('custom box: steppers count before the scripts, hydration keeps the counts, later taps add to them', async ({ browser }) => {
    const { context, page, release } = await visitor(browser);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/custombox')) posts++;
    });
    await page.goto('/custombox', { waitUntil: 'commit' });
    const first = page.getByTestId('box-variety').first();
    const name = (await first.locator('.cb-item-name').textContent())!.trim();
    const plus = first.getByRole('button', { name: `One ${name} more` });
    const minus = first.getByRole('button', { name: `One ${name} less` });
    const qty = first.getByRole('spinbutton');
    for (let i = 0; i < 3; i++) await tap(page, plus);
    await expect(qty).toHaveValue('3');
    await tap(page, minus);
    await expect(qty).toHaveValue('2');
    await tap(page, plus);
    await expect(qty).toHaveValue('3');
    await notHydrated(page);
    await release();
    await hydrated(page);
    await expect(qty).toHaveValue('3');
    await expect(page.getByTestId('box-count')).toContainText('3 of 10 cigars');
    await tap(page, plus);
    await expect(qty).toHaveValue('4');
    await expect(page.getByTestId('box-count')).toContainText('4 of 10 cigars');
    // nothing was posted, so no late answer can reset the counts
    await page.waitForLoadState('networkidle');
    await expect(qty).toHaveValue('4');
    expect(posts).toBe(0);
    await context.close();
  });

  test('custom box: a strength filter before the scripts shows only that strength, and hydration keeps it', async ({ browser }) => {
    const { context, page, release } = await visitor(browser);
    await page.goto('/custombox', { waitUntil: 'commit' });
    const select = page.locator('#cb-strength');
    await select.selectOption('Mild');
    // on the throttled line the list is still arriving when the filter is chosen: the items that
    // come after the choice follow it too
    await page.waitForLoadState('domcontentloaded');
    const items = page.getByTestId('box-variety');
    const shown = items.locator(':scope:not([hidden])');
    await expect(shown).not.toHaveCount(0);
    const all = await items.count();
    const visible = await shown.count();
    expect(visible).toBeLessThan(all);
    for (let i = 0; i < visible; i++) await expect(shown.nth(i)).toHaveAttribute('data-strength', 'Mild');
    await notHydrated(page);
    await release();
    await hydrated(page);
    await expect(select).toHaveValue('Mild');
    await expect(shown).toHaveCount(visible);
    await context.close();
  });
});

test.describe('desktop width, same throttling, before the scripts', () => {
  test('language picker: opens its list and switches the language', async ({ browser }) => {
    const { context, page } = await visitor(browser, { desktop: true });
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('language-trigger'));
    const menu = page.getByTestId('language-menu');
    await expect(menu).toBeVisible();
    await notHydrated(page);
    await tap(page, menu.getByRole('button', { name: 'Français' }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr', HYDRATION_WAIT);
    await context.close();
  });

  test('language picker opened before the scripts stays open through hydration, then closes itself', async ({ browser }) => {
    const { context, page, release } = await visitor(browser, { desktop: true });
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('language-trigger'));
    const menu = page.getByTestId('language-menu');
    await expect(menu).toBeVisible();
    await release();
    await hydrated(page);
    await expect(menu).toBeVisible();
    // under React it closes itself after 4 s (docs/product.md §9)
    await expect(menu).toBeHidden({ timeout: 20_000 });
    await context.close();
  });

  test('theme toggle: switches to dark mode', async ({ browser }) => {
    const { context, page } = await visitor(browser, { desktop: true });
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('theme-toggle'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark', HYDRATION_WAIT);
    await notHydrated(page);
    await context.close();
  });

  test('user menu: opens with its account links, which work', async ({ browser }) => {
    const { context, page, release } = await visitor(browser, { desktop: true });
    await login(page, E2E_CUSTOMER);
    await page.goto('/shopcart', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('user-menu-trigger'));
    const menu = page.getByTestId('user-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'History' })).toBeVisible();
    await notHydrated(page);
    await release();
    await hydrated(page);
    await expect(menu).toBeVisible();
    await tap(page, menu.getByRole('link', { name: 'History' }));
    await expect(page).toHaveURL(/\/client\/history$/, HYDRATION_WAIT);
    await context.close();
  });

  test('admin: the admin menu navigates and the dashboard chart is drawn before the scripts', async ({ browser }) => {
    const { context, page } = await visitor(browser, { desktop: true });
    await login(page, ADMIN);
    await page.goto('/admin/home', { waitUntil: 'commit' });
    const chart = page.getByTestId('revenue-chart');
    await expect(chart.locator('svg')).toBeVisible();
    await expect(chart.locator('rect')).not.toHaveCount(0);
    await tap(page, page.getByRole('link', { name: 'Per week' }));
    await expect(page).toHaveURL(/chart=week/, HYDRATION_WAIT);
    await expect(chart.locator('rect')).not.toHaveCount(0);
    await tap(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }));
    await expect(page).toHaveURL(/\/admin\/order\/list$/, HYDRATION_WAIT);
    await notHydrated(page);
    await context.close();
  });
});

test.describe('phone, as soon as painted (scripts not held)', () => {
  test('the menu and the search open from the first tap, however far the scripts are', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await throttle(page);
    await page.goto('/', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('mobile-menu-trigger'));
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await hydrated(page);
    await expect(menu).toBeVisible();
    await tap(page, menu.getByRole('button', { name: 'Close menu' }));
    await expect(menu).toBeHidden();
    await page.goto('/client/products', { waitUntil: 'commit' });
    await tap(page, page.getByTestId('search-toggle'));
    await expect(page.getByTestId('search-input')).toBeVisible();
    await context.close();
  });

  test('age gate and cookie notice: their buttons work the moment they appear', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await throttle(page);
    await page.goto('/', { waitUntil: 'commit' });
    // both appear once the page is hydrated (5 s and 10 s after it); tapped as soon as they are painted
    const gate = page.getByTestId('age-gate');
    await tap(page, page.getByTestId('age-confirm'));
    await expect(gate).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('ageConfirmedAt'))).toMatch(/^\d+$/);
    await tap(page, page.getByTestId('cookie-accept'));
    await expect(page.getByTestId('cookie-notice')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieChoice'))).toBe('accepted');
    await context.close();
  });
});
