/** The set-up of the document (PDF) tests: a German customer's order placed through the JSON API. */
import { addToCart } from '../../core/cart/service.ts';
import { getSettings } from '../../core/config/service.ts';
import type { ShopSettings } from '../../core/config/settings.ts';
import type { OrderWithLines } from '../../core/orders/index.ts';
import type { Shop } from '../../core/shop.ts';
import { orderThroughApi } from './api.ts';
import { createCustomer } from './customers.ts';
import { beforeAllOpen, openTestSuite } from './suite.ts';

/**
 * Before the file's tests (closed after them): a test shop, the cart `cart(shop)` returns (product
 * ids and counts) ordered through the API by a German customer (`createCustomer`, locale `de`),
 * `extra` set over the order, and the shop's settings.
 * @returns an object `beforeAll` fills: read it in tests.
 */
export function beforeAllGermanOrder(
  cart: (shop: Shop) => Promise<[productId: string, count: number][]>,
  extra: Partial<OrderWithLines>,
): { shop: Shop; order: OrderWithLines; settings: ShopSettings } {
  return beforeAllOpen(async () => {
    const { shop } = await openTestSuite();
    try {
      const lines = await cart(shop);
      const c = await createCustomer(shop, { locale: 'de' });
      for (const [id, count] of lines) await addToCart(shop.db, c.id, id, count, c.id);
      const order = { ...(await orderThroughApi(shop, c)), ...extra };
      return { shop, order, settings: await getSettings(shop.db) };
    } catch (e) {
      await shop.close();
      throw e;
    }
  });
}
