/**
 * Opening a seed script's shop on the end-to-end run's starting database (tests/e2e/seed-template.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashPassword } from '../../core/accounts/password.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { restorePglite } from '../../core/db/index.ts';
import { openShop, type Shop } from '../../core/shop.ts';

/**
 * Opens the shop on `DATA_DIR` like `openShop(overrides)`; a new directory first gets the run's
 * template (`SHOP_E2E_TEMPLATE`, restored as `npm run restore` does) when there is one, else the
 * shop creates its database as on a first start.
 */
export async function openSeededShop(overrides: Parameters<typeof openShop>[0]): Promise<Shop> {
  const template = process.env.SHOP_E2E_TEMPLATE;
  const dataDir = process.env.DATA_DIR;
  if (template && dataDir && fs.existsSync(template) && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await restorePglite(template, dataDir);
  return openShop(overrides);
}

/** A customer who signs in with a password (a spec's record, as in tests/e2e/returns-env.ts). */
type SeedCustomer = {
  email: string;
  password: string;
  /** Names, date of birth and a Swiss delivery address. */
  person: { firstName: string; lastName: string; dateOfBirth: string; street: string; postalCode: string; city: string };
};

/** Inserts `who` as the verified customer `id` (Switzerland, English) whose password is hashed as at registration. */
export async function seedCustomer(shop: Shop, id: string, who: SeedCustomer): Promise<void> {
  await shop.db.insert(users).values({
    id,
    email: who.email,
    ...who.person,
    passwordHash: await hashPassword(who.password),
    country: 'CH',
    role: 'Customer',
    locale: 'en',
    emailVerifiedAt: new Date(),
  });
}
