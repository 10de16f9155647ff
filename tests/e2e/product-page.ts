/**
 * Products of the real catalogue for the storefront specs: found through the JSON API, added to
 * the cart from their product page.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The id of the best search hit for `q`, through the JSON API. */
export async function productId(request: APIRequestContext, q: string): Promise<string> {
  const res = await request.post('/api/product/searchProducts', { data: { searchOptions: { searchName: q } } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: { _id: string }[] }).products[0]._id;
}

/**
 * Opens the product page of the best search hit for `name`, sets its quantity to `count` and
 * presses Add to cart (without JavaScript: a plain form post, which navigates).
 * @returns the product's id.
 */
export async function addFromProductPage(page: Page, request: APIRequestContext, name: string, count: number): Promise<string> {
  const id = await productId(request, name);
  await page.goto(`/productdetail?id=${id}`);
  await page.getByLabel('Quantity', { exact: true }).first().fill(String(count));
  await page.getByTestId('add-to-cart').click();
  return id;
}
