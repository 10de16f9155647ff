/**
 * Seeds the data directory of the first-month walk (tests/e2e/first-month.spec.ts): the run's
 * starting database with the catalogue, nothing else (the walk's customer registers through the
 * pages). Prints `{}`: the walk needs no seeded ids.
 */
import { openSeededShop } from './seeded-shop.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
await shop.close();
console.log(JSON.stringify({}));
