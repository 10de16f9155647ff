/**
 * Seeds the end-to-end data directory before the server starts (playwright.config.ts webServer
 * command): the run's starting database with the catalogue (tests/e2e/seed-template.ts) and one
 * verified adult customer for the checkout test, who signs in through /login. Idempotent. Also
 * the seed of a spec's own server (tests/e2e/own-server.ts), which reads the last line printed:
 * `{}`, no seeded ids.
 */
import { hashPassword } from '../../core/accounts/password.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { openSeededShop } from './seeded-shop.ts';
import { E2E_BOX_CUSTOMER, E2E_CUSTOMER, E2E_PHONE_CUSTOMER } from './checkout-env.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn' });
const customers = [
  // the checkout walk's customer (tests/e2e/checkout.spec.ts)
  { who: E2E_CUSTOMER, firstName: 'Eva', lastName: 'Beispiel', dateOfBirth: '1980-06-15', street: 'Limmatquai 12', postalCode: '8001', city: 'Zürich' },
  // the custom box walk's customer (tests/e2e/custombox.spec.ts)
  { who: E2E_BOX_CUSTOMER, firstName: 'Marco', lastName: 'Rossi', dateOfBirth: '1975-03-02', street: 'Bahnhofplatz 3', postalCode: '3011', city: 'Bern' },
  // the page-speed test's buyer (tests/e2e/phone-speed.spec.ts, /payment)
  { who: E2E_PHONE_CUSTOMER, firstName: 'Lena', lastName: 'Muster', dateOfBirth: '1988-09-21', street: 'Rue du Rhône 8', postalCode: '1204', city: 'Genève' },
];
for (const { who, ...person } of customers)
  await shop.db
    .insert(users)
    .values({
      ...person,
      id: who.id,
      email: who.email,
      passwordHash: await hashPassword(who.password),
      country: 'CH',
      role: 'Customer',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing();
await shop.close();
console.log(JSON.stringify({}));
