/**
 * Seeds a data directory for the hydration probe (tests/e2e/hydration.spec.ts): the starting
 * catalogue and a customer with an order paid through the sandbox provider, an unpaid
 * bank-transfer order and one line left in the cart, so that every account page has dates,
 * prices and texts to show. Prints the two order codes and a product id as JSON. Run once on a
 * fresh directory.
 */
import { addToCart } from '../../core/cart/service.ts';
import { createOrder } from '../../core/orders/index.ts';
import { openSeededShop, seedCustomer } from './seeded-shop.ts';
import { cigarsInStock } from '../helpers/catalogue.ts';
import { payInFull } from '../helpers/payments.ts';
import { HYDRATION_CUSTOMER } from './hydration-env.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const id = 'e2e-hydration-customer';
await seedCustomer(shop, id, HYDRATION_CUSTOMER);
const list = await cigarsInStock(shop, 3);
await addToCart(shop.db, id, list[0].id, 2, id);
const paid = await createOrder(shop, { userId: id, paymentMethod: 'sandbox', locale: 'en' });
await payInFull(shop, paid, 'sandbox', `seed-${paid.code}`);
await addToCart(shop.db, id, list[1].id, 1, id);
const unpaid = await createOrder(shop, { userId: id, paymentMethod: 'qr-bill', locale: 'en' });
await addToCart(shop.db, id, list[2].id, 1, id);
await shop.close();
console.log(JSON.stringify({ paid: paid.code, unpaid: unpaid.code, product: list[2].id }));
