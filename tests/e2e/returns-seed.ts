/**
 * Seeds a data directory for the returns walk (tests/e2e/returns.spec.ts): the starting catalogue,
 * a customer who signs in through /login, an order of theirs paid through the sandbox provider and
 * shipped yesterday with Swiss Post (to return), and an unpaid bank-transfer order (to cancel).
 * Prints the two order codes as JSON. Run once on a fresh directory.
 */
import { addToCart } from '../../core/cart/service.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { createOrder } from '../../core/orders/index.ts';
import { openSeededShop, seedCustomer } from './seeded-shop.ts';
import { cigarsInStock } from '../helpers/catalogue.ts';
import { payInFull } from '../helpers/payments.ts';
import { RETURNS_CUSTOMER } from './returns-env.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const id = 'e2e-returns-customer';
await seedCustomer(shop, id, RETURNS_CUSTOMER);
const list = await cigarsInStock(shop, 3);
await addToCart(shop.db, id, list[0].id, 2, id);
await addToCart(shop.db, id, list[1].id, 1, id);
const shipped = await createOrder(shop, { userId: id, paymentMethod: 'sandbox', locale: 'en' });
await payInFull(shop, shipped, 'sandbox', `seed-${shipped.code}`);
await shipOrder(shop, shipped.id, { carrier: 'swiss-post', trackingNumber: '99.60.123456.87654321' }, 'seed');
await addToCart(shop.db, id, list[2].id, 1, id);
const unpaid = await createOrder(shop, { userId: id, paymentMethod: 'qr-bill', locale: 'en' });
await shop.close();
console.log(JSON.stringify({ shipped: shipped.code, unpaid: unpaid.code }));
