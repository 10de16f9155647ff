/**
 * Seeds the data directory of a spec's own server with the run's starting database (the
 * catalogue) and nothing else: the first-month walk (tests/e2e/first-month.spec.ts), whose
 * customer registers through the pages, and the two-factor walk (tests/e2e/two-factor.spec.ts),
 * whose log-ins then count against a rate limit of their own. Prints `{}`: no seeded ids.
 */
import { openSeededShop } from './seeded-shop.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
await shop.close();
console.log(JSON.stringify({}));
