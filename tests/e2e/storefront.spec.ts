/**
 * The storefront in Chromium against the built server on a fresh PGlite with the real catalogue
 *.
 */
import { allowConsoleErrors, expect, test } from './fixtures.ts';
import { type Page } from '@playwright/test';
import { addFromProductPage, productId } from './product-page.ts';
import { SEARCH_DEBOUNCE_MS } from '../../app/constants.ts';

// every test is its own visitor (own browser context, no shared account state): the file's tests
// spread over the workers instead of running one after another in one of them
test.describe.configure({ mode: 'parallel' });

/** Navigates and waits until the page is hydrated (no request in flight), so clicks reach React. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // the scripts start after the page has loaded and painted (ADR 013): what these tests check
  // needs them (live search results, add to cart through the side cart; before hydration the
  // search only opens and the add posts the form); on a busy machine the network can be idle before that
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 15_000 });
}

/** Opens the home page and its search field; the returned function counts the live-search requests sent since. */
async function openSearch(page: Page): Promise<() => number> {
  await open(page, '/');
  let searches = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/product/searchProducts')) searches++;
  });
  await page.getByTestId('search-toggle').click();
  return () => searches;
}

const chf = (amount: string) => new RegExp(`CHF\\s${amount.replace('.', '\\.')}`);

test('home shows the popular, promotional and for-sale sections of the real catalogue', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('popular').locator('article')).not.toHaveCount(0);
  await expect(page.getByTestId('promotional').locator('article')).not.toHaveCount(0);
  await expect(page.getByTestId('for-sale').locator('article')).not.toHaveCount(0);
});

test('a visitor finds a cigar by live search, adds 2, edits the cart, and keeps it after a reload', async ({ page }) => {
  await open(page, '/');

  // live search: toggled panel, name and packaging per hit, typo-tolerant
  await page.getByTestId('search-toggle').click();
  await page.getByTestId('search-input').fill('opusx robustto');
  const hits = page.getByTestId('search-results').locator('li');
  await expect(hits.first()).toContainText('Fuente Fuente OpusX Robusto');
  await expect(hits.first()).toContainText('Single');
  await hits.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/productdetail\?id=/);
  await expect(page.getByTestId('search-input')).toBeHidden(); // the panel closed with the click
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fuente Fuente OpusX Robusto');
  await page.waitForLoadState('networkidle');

  // add 2: the side cart opens with the line and the subtotal
  await page.getByLabel('Quantity', { exact: true }).first().fill('2');
  await page.getByTestId('add-to-cart').click();
  const side = page.getByTestId('sidecart');
  await expect(side).toBeVisible();
  await expect(side.getByTestId('sidecart-item')).toHaveCount(1);
  await expect(side.getByTestId('sidecart-item')).toContainText('Fuente Fuente OpusX Robusto');
  await expect(side.getByTestId('sidecart-line-price')).toHaveText(/^2 x CHF\s45\.00$/);
  await expect(side.getByTestId('sidecart-subtotal')).toHaveText(chf('90.00'));
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // a second product, through the search again
  await side.getByRole('button', { name: 'Close' }).click();
  await expect(side).toBeHidden();
  await page.getByTestId('search-toggle').click();
  await page.getByTestId('search-input').fill('hemingway short story');
  await page
    .getByTestId('search-results')
    .getByRole('link', { name: /Arturo Fuente Hemingway Short Story\s*Single/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arturo Fuente Hemingway Short Story');
  await page.waitForLoadState('networkidle');
  await page.getByTestId('add-to-cart').click();
  await expect(side.getByTestId('sidecart-item')).toHaveCount(2);
  await expect(side.getByTestId('sidecart-subtotal')).toHaveText(chf('103.50'));

  // the Cart button goes to /shopcart and closes the panel
  await side.getByRole('link', { name: 'Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/shopcart$/);
  await expect(side).toBeHidden();
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(chf('103.50'));

  // change a count
  const opus = lines.filter({ hasText: 'OpusX' });
  await opus.getByTestId('line-count').fill('3');
  await expect(opus.getByTestId('line-total')).toHaveText(chf('135.00'));
  await expect(page.getByTestId('cart-subtotal')).toHaveText(chf('148.50'));

  // remove a line
  await lines.filter({ hasText: 'Hemingway' }).getByTestId('remove-line').click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(chf('135.00'));

  // the cart survives a reload (server-side, keyed by the HttpOnly cookie)
  await page.reload();
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Fuente Fuente OpusX Robusto');
  await expect(lines.first().getByTestId('line-count')).toHaveValue('3');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(chf('135.00'));
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cart_id');
  expect(cookie?.httpOnly).toBe(true);
});

test('the count can never exceed stock: the shop explains instead', async ({ page, request }) => {
  const id = await productId(request, 'opusx robusto'); // 8 in stock
  await open(page, `/productdetail?id=${id}`);
  await page.getByLabel('Quantity', { exact: true }).first().fill('8');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('sidecart-line-price')).toHaveText(/^8 x /);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Quantity', { exact: true }).first().fill('1');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('snackbar')).toContainText('Only 8 of Fuente Fuente OpusX Robusto in stock');
});

test('the side cart closes on overlay click, close icon and Cart button, and says "The list is empty"', async ({ page }) => {
  await open(page, '/');
  const side = page.getByTestId('sidecart');
  await page.getByTestId('cart-icon').click();
  await expect(side).toBeVisible();
  await expect(side).toContainText('The list is empty');
  await expect(side.getByTestId('sidecart-subtotal')).toHaveText(chf('0.00'));
  const list = side.locator('.sidecart-list');
  const listHeight = await list.evaluate((el) => parseFloat(getComputedStyle(el).height));
  const vh = await page.evaluate(() => window.innerHeight);
  expect(Math.abs(listHeight - 0.6 * vh)).toBeLessThan(2);

  // overlay (left of the panel)
  await page.mouse.click(20, vh / 2);
  await expect(side).toBeHidden();
  // close icon
  await page.getByTestId('cart-icon').click();
  await expect(side).toBeVisible();
  await side.getByRole('button', { name: 'Close' }).click();
  await expect(side).toBeHidden();
  // Cart button
  await page.getByTestId('cart-icon').click();
  await side.getByRole('link', { name: 'Cart', exact: true }).click();
  await expect(side).toBeHidden();
  await expect(page).toHaveURL(/\/shopcart$/);
  await expect(page.getByTestId('cart-empty')).toContainText('Your cart is empty, please buy something');
});

test('live search: closing clears query and results; an empty query searches nothing', async ({ page }) => {
  const searches = await openSearch(page);
  await page.getByTestId('search-input').fill('   ');
  await page.waitForTimeout(SEARCH_DEBOUNCE_MS * 3); // give a (wrong) search the time to start
  expect(searches()).toBe(0);
  await page.getByTestId('search-input').fill('partagas'); // not in the real catalogue
  await expect(page.getByText('No products found.')).toBeVisible();
  expect(searches()).toBeGreaterThan(0);
  await page.getByTestId('search-input').fill('cafe');
  await expect(page.getByTestId('search-results').locator('li')).toHaveCount(4);
  await page.getByTestId('search-toggle').click();
  await expect(page.getByTestId('search-input')).toBeHidden();
  await page.getByTestId('search-toggle').click();
  await expect(page.getByTestId('search-input')).toHaveValue('');
  await expect(page.getByTestId('search-results')).toHaveCount(0);
});

test('live search is debounced: fast typing sends fewer requests than keystrokes', async ({ page }) => {
  const searches = await openSearch(page);
  await page.getByTestId('search-input').pressSequentially('davidoff signature');
  await expect(page.getByTestId('search-results').locator('li').first()).toContainText('Davidoff Signature 2000');
  expect(searches()).toBeGreaterThan(0);
  expect(searches()).toBeLessThan('davidoff signature'.length);
});

test('buy now adds the quantity and opens /shopcart', async ({ page, request }) => {
  const id = await productId(request, 'ashton vsg robusto');
  await open(page, `/productdetail?id=${id}`);
  await page.getByLabel('Quantity', { exact: true }).first().fill('3');
  await page.getByTestId('buy-now').click();
  // checkout asks a visitor to log in first; the cart holds the chosen quantity
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpayment$/);
  await page.goto('/shopcart');
  const line = page.getByTestId('cart-line');
  await expect(line).toContainText('Ashton VSG Robusto');
  await expect(line.getByTestId('line-count')).toHaveValue('3');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(chf('63.00'));
});

test('a returning visitor with a filled cart sees its count from the first paint of a page from the shared cache', async ({ page, context, request }) => {
  const id = await productId(request, 'hemingway short story');
  await open(page, `/productdetail?id=${id}`);
  await page.getByLabel('Quantity', { exact: true }).first().fill('2');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  // the browser has remembered its own part: what the next document's head script draws
  await expect.poll(() => page.evaluate(() => localStorage.getItem('personalView'))).toContain('"cartCount":2');

  // before any script of the app runs (its modules and the personal-part request held back), the
  // shared page for nobody already shows the last known count, drawn by the head script and CSS
  allowConsoleErrors(page, /net::ERR_FAILED/);
  await page.route(/\/assets\/.*\.js$|\.data(\?|$)|\/personal$/, (route) => route.abort());
  await page.goto('/client/products');
  const hint = page.getByTestId('cart-count-hint');
  await expect(hint).toBeVisible();
  expect(await hint.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"2"');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // once the personal part arrives, the real badge replaces the hint
  await page.unroute(/\/assets\/.*\.js$|\.data(\?|$)|\/personal$/);
  await open(page, '/client/products');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('cart-count-hint')).toHaveCount(0);

  // without the cart (cookies gone) the remembered count is not shown
  await context.clearCookies();
  await page.goto('/client/products');
  await expect(page.getByTestId('cart-count-hint')).toBeHidden();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('product list: sort, filter, paging and "No products in stock"', async ({ page, request }) => {
  await open(page, '/client/products');
  const cards = page.getByTestId('product-grid').locator('article');
  await expect(cards).toHaveCount(24);
  await expect(page.getByText('72 products')).toBeVisible();

  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(cards.first()).toContainText('Boveda 69% RH Humidity Pack 60 g');
  await expect(cards.first()).toContainText(chf('6.90'));

  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(cards.first()).toContainText('Davidoff Winston Churchill The Late Hour Robusto (Box of 20)');

  // paging keeps the sort
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(cards).toHaveCount(24);
  await expect(cards.last()).toContainText('Boveda 69% RH Humidity Pack 60 g');

  // filters
  await open(page, '/client/products');
  await page.getByLabel('Category').selectOption('rolling-tobacco');
  await expect(cards).toHaveCount(8);
  await page.getByLabel('Category').selectOption('cigar');
  await page.getByLabel('Strength').selectOption('Full-bodied');
  await expect(page).toHaveURL(/strength=Full-bodied/);
  const api = (await (await request.get('/api/product/list?category=cigar&strength=Full-bodied&pageSize=100')).json()) as {
    total: number;
    products: { name: string }[];
  };
  expect(api.total).toBeGreaterThan(0);
  await expect(cards).toHaveCount(api.total);
  await expect(cards.first()).toContainText(api.products[0].name);
  await page.getByLabel('Category').selectOption('accessory');
  await expect(page.getByTestId('empty-list')).toHaveText('No products in stock');
  await expect(cards).toHaveCount(0);
});

test('out-of-stock products stay visible, marked, without an add button', async ({ page, request }) => {
  const id = await productId(request, 'opusx double robusto');
  await open(page, `/productdetail?id=${id}`);
  await expect(page.getByTestId('stock-state')).toHaveText(/out of stock/i);
  await expect(page.getByTestId('add-to-cart')).toHaveCount(0);
  await open(page, '/client/products?sort=name&category=cigar&strength=Full-bodied');
  const card = page.getByTestId('product-grid').locator('article', { hasText: 'Fuente Fuente OpusX Double Robusto' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Out of stock');
});

test('a product without images shows the generated placeholder, never a broken image', async ({ page, request }) => {
  const id = await productId(request, 'hemingway signature');
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  await open(page, `/productdetail?id=${id}`);
  expect(errors).toEqual([]); // no hydration mismatch, no failed resource
  const img = page.locator('.detail-media img');
  // the cigar drawing shared by every cigar without photos, on the brand's hue
  await expect(img).toHaveAttribute('src', /\/assets\/placeholder-cigar-[\w-]+\.svg$/);
  await expect(img).toHaveClass(/\bph\b/);
  expect(await img.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^linear-gradient/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  // every card image of the list loads too
  await open(page, '/client/products');
  const widths = await page.locator('article img').evaluateAll(async (imgs) =>
    Promise.all(
      (imgs as HTMLImageElement[]).map(async (im) => {
        im.loading = 'eager';
        await im.decode().catch(() => undefined);
        return im.naturalWidth;
      }),
    ),
  );
  expect(widths.length).toBe(24);
  expect(widths.every((w) => w > 0)).toBe(true);
});

test('404: /undercontruction, unknown paths and unknown products', async ({ page }) => {
  for (const url of ['/undercontruction', '/no/such/page', '/productdetail?id=unknown']) {
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
  }
  await page.goto('/undercontruction');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('adding to the cart, changing the count and removing work with plain form posts', async ({ page, request }) => {
    const id = await addFromProductPage(page, request, 'hemingway short story', 2);
    // the post leads to the cart page, which says what was added and links back to the product
    await expect(page).toHaveURL(/\/shopcart\?added=/);
    await expect(page.getByTestId('added-notice')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(page.getByTestId('added-back')).toHaveAttribute('href', new RegExp(`/productdetail\\?id=${id}#p-${id}$`));

    await page.goto('/shopcart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('line-count')).toHaveValue('2');
    await expect(page.getByTestId('cart-subtotal')).toHaveText(chf('27.00'));

    await line.getByTestId('line-count').fill('4');
    await line.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByTestId('cart-subtotal')).toHaveText(chf('54.00'));

    await line.getByTestId('remove-line').click();
    await expect(page.getByTestId('cart-empty')).toBeVisible();
  });

  test('buy now puts the item in the cart and goes to checkout (log-in first)', async ({ page, request }) => {
    const id = await productId(request, 'ashton classic magnum');
    await page.goto(`/productdetail?id=${id}`);
    await page.getByTestId('buy-now').click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpayment$/);
    await page.goto('/shopcart');
    await expect(page.getByTestId('cart-line')).toContainText('Ashton Classic Magnum');
  });
});
