/**
 * Seeds the data directory of the bulk product spec's own server (tests/e2e/bulk-products.spec.ts):
 * the run's starting database (the 72 products of the starting catalogue) and 340 of the owner's
 * own products, 412 in all. Prints `{}`: no seeded ids.
 */
import { addOwnProducts } from '../helpers/owner-products.ts';
import { openSeededShop } from './seeded-shop.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
await addOwnProducts(shop.db, 340);
await shop.close();
console.log(JSON.stringify({}));
