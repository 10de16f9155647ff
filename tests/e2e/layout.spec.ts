/**
 * The shared layout in Chromium: the specification's timed behaviours shown with its
 * numbers through Playwright's clock (no real waiting), languages, right to left, dark mode
 * without a flash, the mobile menu, and axe-core at WCAG 2.1 AA on the storefront pages in light
 * and dark mode.
 */
import { expect, signIn, test } from './fixtures.ts';
import { type Page } from '@playwright/test';
import { wcagViolations } from './axe.ts';

// every test is its own visitor (own browser context, no shared account state): the file's tests
// spread over the workers instead of running one after another in one of them
test.describe.configure({ mode: 'parallel' });

// A first visit: nothing stored (no age confirmation, no cookie choice).
const fresh = { cookies: [], origins: [] };

/** Waits for hydration and returns its time (epoch ms, the page's clock); timers count from there. */
async function hydrated(page: Page, fakeClock = false): Promise<number> {
  // hydration waits for the page's translation files and then for React's scheduler; under an
  // installed fake clock (fakeClock), its timers move only when the clock is advanced
  await expect(async () => {
    if (fakeClock) await page.clock.runFor(20);
    expect(await page.locator('html[data-hydrated]').count()).toBe(1);
  }).toPass({ timeout: 10_000 });
  return Number(await page.locator('html').getAttribute('data-hydrated'));
}

/** A visitor who confirmed their age and accepted the cookie notice a moment ago. */
async function adultVisitor(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('ageConfirmedAt', String(Date.now()));
    localStorage.setItem('cookieChoice', 'accepted');
  });
}

/** Pauses the page's clock a moment from now; timers then move only when the test says so. */
async function pauseNow(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Opens `url` under a clock installed at a fixed time and waits for hydration; checks that `testId`
 * is still absent 100 ms before `ms` after it, then runs the clock those last 100 ms.
 * @returns the hydration time (epoch ms, the page's clock).
 */
async function absentUntil(page: Page, url: string, testId: string, ms: number): Promise<number> {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
  await page.goto(url);
  const t0 = await hydrated(page, true);
  await page.clock.pauseAt(t0 + ms - 100);
  await expect(page.getByTestId(testId)).toHaveCount(0);
  await page.clock.runFor(100);
  return t0;
}

async function firstProductPath(page: Page): Promise<string> {
  await page.goto('/client/products');
  const href = await page.locator('article .card-title a').first().getAttribute('href');
  expect(href).toMatch(/^\/productdetail\?id=/);
  return href!;
}

test.describe('timed behaviour (docs/product.md §9)', () => {
  test.use({ storageState: fresh });

  test('age gate appears 5 s after load, confirming stores the time, and it stays away for an hour', async ({ page }) => {
    const t0 = await absentUntil(page, '/', 'age-gate', 5_000);
    const gate = page.getByRole('dialog', { name: 'Confirm you are over 18 years of age.' });
    await expect(gate).toBeVisible();
    await expect(gate.getByRole('button', { name: 'I am over 18.' })).toBeFocused();
    await page.keyboard.press('Escape'); // cannot be dismissed without confirming
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: 'I am over 18.' }).click();
    await expect(gate).toHaveCount(0);
    const stored = Number(await page.evaluate(() => localStorage.getItem('ageConfirmedAt')));
    expect(stored).toBe(t0 + 5_000);

    // 59 minutes later: no gate, however long the visitor stays
    await page.clock.pauseAt(stored + 59 * 60_000);
    await page.reload();
    const t1 = await hydrated(page, true);
    await page.clock.runFor(10_000);
    expect(t1 + 10_000).toBeLessThan(stored + 60 * 60_000);
    await expect(page.getByTestId('age-gate')).toHaveCount(0);

    // after the hour it asks again
    await page.clock.pauseAt(stored + 61 * 60_000);
    await page.reload();
    const t2 = await hydrated(page, true);
    await page.clock.pauseAt(t2 + 5_000);
    await expect(page.getByTestId('age-gate')).toBeVisible();
  });

  test('cookie notice appears after 10 s when no choice is stored; accepting stores it', async ({ page }) => {
    await absentUntil(page, '/contact', 'cookie-notice', 10_000);
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    // the age gate (5 s) is also up: confirm it first, as a visitor would
    await page.getByRole('button', { name: 'I am over 18.' }).click();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieChoice'))).toBe('accepted');
    await page.reload();
    const t1 = await hydrated(page, true);
    await page.clock.pauseAt(t1 + 20_000);
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
  });

  test('the snackbar shows a server message for 4 s, then clears', async ({ page }) => {
    await adultVisitor(page);
    const path = await firstProductPath(page);
    await page.clock.install();
    await page.goto(path);
    await hydrated(page, true);
    await page.clock.pauseAt(Date.now() + 60_000);
    // more than the stock: the server refuses and its message goes to the snackbar
    await page.locator('#qty').evaluate((el) => el.removeAttribute('max'));
    await page.locator('#qty').fill('999');
    await page.getByTestId('add-to-cart').click();
    const snackbar = page.getByTestId('snackbar');
    await expect(snackbar).toBeVisible();
    await expect(snackbar).toContainText(/in stock/);
    await expect(page.getByRole('status').filter({ has: snackbar })).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(3_900);
    await expect(snackbar).toBeVisible();
    await page.clock.runFor(100);
    await expect(snackbar).toHaveCount(0);
  });

  test('the language menu closes itself after 4 s', async ({ page }) => {
    await adultVisitor(page); // the age gate would take the focus away from the menu at 5 s
    await page.clock.install();
    await page.goto('/');
    await hydrated(page, true);
    await pauseNow(page);
    const trigger = page.getByTestId('language-trigger');
    await trigger.click();
    // a <details> (it opens before the scripts run): its open state is the element's
    const disclosure = page.locator('details', { has: trigger });
    await expect(disclosure).toHaveAttribute('open', '');
    const menu = page.getByTestId('language-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button')).toHaveCount(5);
    for (const name of ['English', 'Deutsch', 'Français', 'Italiano', 'Español']) await expect(menu.getByRole('button', { name })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(3_900);
    await expect(menu).toBeVisible();
    await page.clock.runFor(100);
    await expect(menu).toBeHidden();
    await expect(disclosure).not.toHaveAttribute('open');
  });

  test('the promotional banner alternates between two colours every second', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await hydrated(page, true);
    await pauseNow(page);
    const banner = page.getByTestId('promo-banner');
    await expect(banner).toContainText('Free delivery');
    const colour = () => banner.evaluate((el) => getComputedStyle(el).backgroundColor);
    const first = await colour();
    await page.clock.runFor(1_000);
    const second = await colour();
    expect(second).not.toBe(first);
    await page.clock.runFor(1_000);
    expect(await colour()).toBe(first);
    await page.clock.runFor(1_000);
    expect(await colour()).toBe(second);
  });

  test('the banner stays still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await hydrated(page, true);
    await pauseNow(page);
    const banner = page.getByTestId('promo-banner');
    const first = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
    for (let i = 0; i < 3; i++) {
      await page.clock.runFor(1_000);
      expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(first);
    }
  });
});

test.describe('languages', () => {
  test('English by default; the picker switches to German, remembered in a cookie across pages', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await hydrated(page);
    await page.getByTestId('language-trigger').click();
    await page.getByTestId('language-menu').getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Produkte' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('de');
    await page.goto('/client/shipping');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Versand und Lieferung');
    await expect(page.locator('main')).toContainText('CHF 9.00');
  });

  test('the footer language form works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/about');
    await page.locator('footer').getByRole('button', { name: 'Italiano' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chi siamo');
    await context.close();
  });

  test('the browser language is used when nothing is chosen, and every page links its translations', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-CH' });
    const page = await context.newPage();
    await page.goto('/client/returns');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Retours et remboursements');
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    await expect(alternates).toHaveCount(16);
    await expect(page.locator('link[hreflang="de"]')).toHaveAttribute('href', /\/client\/returns\?lang=de$/);
    await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute('href', /\/client\/returns$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/client\/returns$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /7/);
    await context.close();
  });

  test('Arabic renders right to left and the layout mirrors', async ({ page }) => {
    await page.goto('/?lang=ar');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('delivery-banner')).toHaveText('نوصل داخل سويسرا فقط.');
    // nothing pushes the page sideways (an off-screen element would scroll an RTL page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    const brand = await page.locator('.navbar .brand').boundingBox();
    const cart = await page.getByTestId('cart-icon').boundingBox();
    expect(brand!.x).toBeGreaterThan(cart!.x); // brand on the right, actions on the left
    // Arabic is cursive: the small-caps tracking of Latin labels would pull its letters apart
    expect(['0px', 'normal']).toContain(
      await page
        .locator('.eyebrow')
        .first()
        .evaluate((el) => getComputedStyle(el).letterSpacing),
    );
    await hydrated(page);
    await page.getByTestId('cart-icon').click();
    const side = await page.getByTestId('sidecart').boundingBox();
    expect(side!.x).toBe(0); // the side cart slides in from the left
  });
});

test.describe('dark mode', () => {
  test('the server renders the chosen theme: no flash, even without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    const page = await context.newPage();
    const res = await page.goto('/');
    expect(await res!.text()).toMatch(/<html[^>]*data-theme="dark"/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(21, 16, 12)');
    await context.close();
  });

  test('follows the system until chosen; the toggle switches and is remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(21, 16, 12)');
    await hydrated(page);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(247, 242, 234)');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens, traps focus, closes with Escape, and has no Admin link for visitors', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeHidden();
    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'Products', 'Contact', 'Log in']) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await trigger.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/client\/products$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });

  test('nothing is wider than the screen, left to right or right to left', async ({ page }) => {
    for (const path of ['/', '/client/products', '/contact', '/client/privacypolicy', '/shopcart', '/?lang=ar', '/contact?lang=ar']) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('signed in (the first-run admin of playwright.config.ts)', () => {
  const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };

  test('admin: the admin tools icon, and a hover menu with profile, influencer profile, history and log out', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByTestId('login-link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin tools' })).toHaveAttribute('href', '/admin/home');
    // the menu is a <details> whose <summary> is the icon (it opens before the scripts run)
    const account = page.getByTestId('user-menu-trigger');
    await expect(account).toHaveAccessibleName('Your account');
    await account.hover();
    const menu = page.getByTestId('user-menu');
    await expect(menu).toBeVisible();
    await expect(page.locator('details', { has: account })).toHaveAttribute('open', '');
    await expect(menu.getByRole('listitem')).toHaveText(['Profile', 'Influencer Profile', 'History', 'Log out']);
    await expect(menu.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('href', '/profile');
    await expect(menu.getByRole('link', { name: 'Influencer Profile' })).toHaveAttribute('href', '/client/influencer');
    await expect(menu.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/client/history');
    await page.mouse.move(5, 600); // leaving closes it
    await expect(menu).toBeHidden();
    // keyboard: Enter opens, arrows and Tab move, Escape closes and returns focus
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Profile', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Influencer Profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(account).toBeFocused();
    // log out from the menu
    await account.click();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByTestId('login-link')).toBeVisible();
    await expect(page.getByTestId('admin-icon')).toHaveCount(0);
  });

  test('admin on a phone: the mobile menu has the Admin link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/home');
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    await menu.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/home$/);
  });
});

test.describe('clean pages', () => {
  test('no script errors or console errors (e.g. hydration mismatches) on the layout pages', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('status of 404')) problems.push(`${page.url()}: ${m.text()}`);
    });
    for (const path of [
      '/',
      '/client/products',
      '/contact',
      '/about',
      '/readme',
      '/client/privacypolicy',
      '/client/shipping',
      '/shopcart',
      '/?lang=ar',
      '/?lang=de',
      '/undercontruction',
    ]) {
      await page.goto(path);
      await hydrated(page);
    }
    expect(problems).toEqual([]);
  });

  test('the 404 layout answers 404 with a way back, in the visitor language', async ({ page }) => {
    const res = await page.goto('/no/such/page?lang=es');
    expect(res!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontrado');
    await expect(page).toHaveTitle('No encontrado · Casa del Tabaco');
    await expect(page.getByRole('link', { name: 'Inicio' }).first()).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });
});

test.describe('before the scripts run (ADR 013: hydration after load)', () => {
  test('what a visitor types or a password manager fills before hydration is kept', async ({ page }) => {
    await adultVisitor(page);
    // the page's scripts wait until the visitor has filled the forms
    let release!: () => void;
    const typed = new Promise<void>((r) => (release = r));
    await page.route('**/assets/**/*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/register', { waitUntil: 'load' });
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    const values: Record<string, string> = {
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna.early@example.ch',
      phone: '+41 79 123 45 67',
      street: 'Bahnhofstrasse 1',
      postalCode: '8001',
      city: 'Zürich',
      password: 'Early-Password-42',
      passwordConfirm: 'Early-Password-42',
    };
    for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
    release();
    await hydrated(page);
    for (const [name, value] of Object.entries(values)) await expect(page.locator(`input[name="${name}"]`), name).toHaveValue(value);
  });

  test('the web fonts are fetched after the first paint and switched on with the next page, at once for a returning visitor, and without scripts', async ({
    browser,
  }) => {
    const visit = async (opts: { javaScriptEnabled?: boolean; returning?: boolean }) => {
      const context = await browser.newContext({ javaScriptEnabled: opts.javaScriptEnabled ?? true });
      const page = await context.newPage();
      if (opts.javaScriptEnabled !== false) await adultVisitor(page);
      if (opts.returning) await page.addInitScript(() => localStorage.setItem('webFonts', '1'));
      await page.goto('/client/products', { waitUntil: 'load' });
      const font = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
      return { page, context, font };
    };
    // a first visit: the page is set in the local faces; the fonts are fetched after the first
    // paint but not swapped in under the page being read
    const first = await visit({});
    await expect.poll(() => first.page.evaluate(() => localStorage.getItem('webFonts'))).toBe('1');
    await hydrated(first.page);
    await expect(first.page.locator('html[data-fonts]')).toHaveCount(0);
    expect(await first.font()).toMatch(/^"Inter Fallback"/);
    const timing = await first.page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      fonts: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => e.startTime),
    }));
    expect(timing.painted).toBeGreaterThan(0);
    expect(timing.fonts.length).toBeGreaterThan(0);
    for (const start of timing.fonts) expect(start).toBeGreaterThan(timing.painted);
    // the next page the visitor opens is set in them
    await first.page.getByRole('link', { name: /About/ }).first().click();
    await expect(first.page).toHaveURL(/\/about$/);
    await expect(first.page.locator('html[data-fonts]')).toHaveCount(1);
    expect(await first.font()).toMatch(/^"Inter Variable"/);
    await first.context.close();
    // a returning visitor: the fonts are on before any script of the page's own runs
    const again = await visit({ returning: true });
    expect(await again.page.locator('html').getAttribute('data-fonts')).toBe('');
    await again.context.close();
    // without scripts, the <noscript> style switches them on
    const noJs = await visit({ javaScriptEnabled: false });
    expect(await noJs.font()).toMatch(/^"Inter Variable"/);
    expect(await noJs.page.locator('h1').evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"Cormorant Garamond"/);
    await noJs.context.close();
  });
});

test.describe('contact form', () => {
  test('validates with the specification messages and sends a message', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('contact-error')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('The field is required');
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('The email is invalid');
    await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('The field is required');
    await page.getByLabel('Name').fill('Anna Muster');
    await page.getByLabel('E-mail').fill('anna@example.ch');
    await page.getByLabel('Message', { exact: true }).fill('Do you have the Robusto in a box of 10?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('contact-sent')).toHaveText(/Your message has been sent/);
  });
});

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const pages = [
    '/',
    '/client/products',
    'DETAIL',
    '/shopcart',
    '/contact',
    '/about',
    '/readme',
    '/client/privacypolicy',
    '/client/termsandconditions',
    '/client/returns',
    '/client/shipping',
  ];

  test('the check reports a WCAG violation, and only WCAG rules', async ({ page }) => {
    // an image without a text alternative (WCAG 1.1.1) outside any landmark (axe's best-practice
    // rule "region", which is not part of WCAG)
    await page.setContent('<!doctype html><html lang="en"><title>Probe</title><body><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></body></html>');
    expect(await wcagViolations(page)).toEqual(['image-alt: img']);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`storefront pages have no violations in ${theme} mode`, async ({ page, context, baseURL }) => {
      test.setTimeout(180_000);
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      const detail = await firstProductPath(page);
      const check = async (label: string) => {
        expect(await wcagViolations(page), `${label} (${theme})`).toEqual([]);
      };
      for (const p of pages) {
        await page.goto(p === 'DETAIL' ? detail : p);
        await hydrated(page);
        await check(p);
      }
      // the cart with a line, and the open side cart
      await page.goto(detail);
      await hydrated(page);
      await page.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('sidecart')).toBeVisible();
      await check('side cart');
      await page.goto('/shopcart');
      await expect(page.locator('main img').first()).toBeVisible();
      await check('/shopcart with a line');
      // the open language menu and the contact form showing its errors
      await page.goto('/contact');
      await hydrated(page);
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByTestId('contact-error')).toBeVisible();
      await check('/contact with errors');
    });

    test(`age gate and cookie notice have no violations in ${theme} mode`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ storageState: fresh });
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      const page = await context.newPage();
      await page.clock.install();
      await page.goto('/');
      const t0 = await hydrated(page);
      await page.clock.pauseAt(t0 + 10_000);
      await expect(page.getByTestId('age-gate')).toBeVisible();
      await expect(page.getByTestId('cookie-notice')).toBeVisible();
      await page.clock.resume(); // axe itself needs running timers
      expect(await wcagViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
