/**
 * Seeds the data directory of the owner's phone walk (tests/e2e/owner-walk-phone.spec.ts): the
 * run's starting database (the 72 products of the starting catalogue), 330 of the owner's own
 * products (402 in all, so the box builder lists some 250 singles), and two customers with a Swiss
 * address, one in German and one in Arabic. Prints the shop's mail address (where the owner's
 * order and return mails go) as JSON.
 */
import { hashPassword } from '../../core/accounts/password.ts';
import { getSettings } from '../../core/config/service.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { shopMailAddress } from '../../core/mail/index.ts';
import { addOwnProducts } from '../helpers/owner-products.ts';
import { openSeededShop } from './seeded-shop.ts';
import { WALK_CUSTOMERS } from './owner-walk-env.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
await addOwnProducts(shop.db, 330);
for (const [lang, c] of Object.entries(WALK_CUSTOMERS)) {
  await shop.db.insert(users).values({
    id: `e2e-walk-${lang}`,
    email: c.email,
    passwordHash: await hashPassword(c.password),
    firstName: c.first,
    lastName: c.last,
    dateOfBirth: '1979-06-11',
    street: 'Spalenberg 14',
    postalCode: '4051',
    city: 'Basel',
    country: 'CH',
    role: 'Customer',
    locale: lang,
    emailVerifiedAt: new Date(),
  });
}
const owner = shopMailAddress(await getSettings(shop.db));
await shop.close();
console.log(JSON.stringify({ owner }));
