/**
 * A storefront page for a browser with a session or a filled cart that has not marked the personal
 * hint (no JavaScript, or the first page after a plain-form sign-in): the shared page with the
 * visitor's own header (server/personal-page.ts, ADR 020). Without scripts the header is the
 * visitor's; with scripts the page hydrates with the part the server wrote into it, without an
 * error and without asking `/personal`, and React takes the header over.
 */
import { expect, test, waitForHydration } from './fixtures.ts';
import { type APIRequestContext, type Page } from '@playwright/test';
import { addFromProductPage, productId } from './product-page.ts';

const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };

/** An access token of the first-run admin, through the JSON API. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/user/login', { data: ADMIN });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { accesToken: string }).accesToken;
}

/** Collects what would show a failed hydration: page errors and console errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test('a signed-in browser without the marked hint gets its own header, hydrates with its part and marks the hint', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const id = await productId(request, 'hemingway short story');
  const token = await adminToken(request);
  await context.addCookies([
    { name: 'access_token', value: token, url: baseURL! },
    { name: 'personal', value: '1', url: baseURL! },
  ]);
  const errors = collectErrors(page);
  const personalRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/personal') personalRequests.push(r.url());
  });
  const res = await page.goto(`/productdetail?id=${id}`);
  expect(res?.headers()['x-page-cache']).toBe('own-header');
  // the visitor's own header, from the first paint
  await expect(page.getByTestId('admin-icon')).toBeVisible();
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
  await expect(page.getByTestId('login-link')).toHaveCount(0);
  // hydrated with the part the server wrote: no mismatch, no request for it
  await waitForHydration(page, { timeout: 15_000 });
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'personal')?.value).toBe('2');
  expect(personalRequests).toEqual([]);
  expect(errors).toEqual([]);
  // React has the header: the user menu opens, and the cart icon opens the side cart in place
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('cart-icon').click();
  await expect(page.getByTestId('sidecart')).toBeVisible();
  await expect(page).toHaveURL(/\/productdetail\?id=/);
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("an anonymous visitor's filled cart shows its count in the header of a page from the shared cache", async ({ page, request }) => {
    await addFromProductPage(page, request, 'ashton vsg robusto', 3);
    await page.waitForLoadState('load');
    const res = await page.goto('/client/products');
    expect(res?.headers()['x-page-cache']).toBe('own-header');
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    await expect(page.getByTestId('cart-icon')).toHaveAttribute('href', '/shopcart');
    await expect(page.getByTestId('login-link')).toBeVisible();
  });
});
