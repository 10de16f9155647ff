/** Test users: created verified through the admin service (no mail), then logged in through the API. */
import { eq } from 'drizzle-orm';
import { adminCreateUser } from '../../core/accounts/admin.ts';
import type { Role } from '../../core/accounts/browser.ts';
import { users } from '../../core/db/schema/accounts.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from './api.ts';

export const GOOD_PASSWORD = 'Maduro-Robusto-2026';

let n = 0;
/** A valid registration payload with a unique e-mail. */
export function registration(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    firstName: 'Ana',
    lastName: `Diaz${n}`,
    email: `ana${n}.${Date.now()}@example.ch`,
    phone: '+41 79 123 45 67',
    password: GOOD_PASSWORD,
    dateOfBirth: '1990-04-12',
    address: { street: 'Bahnhofstrasse 1', postalCode: '8001', city: 'Zürich' },
    ...overrides,
  };
}

export type TestUser = { userId: string; email: string; accesToken: string; refreshToken: string; role: Role; h: Record<string, string> };

/** Creates a verified user with a role and logs them in. */
export async function userWithRole(shop: Shop, api: ApiClient, role: Role): Promise<TestUser> {
  const reg = registration();
  await adminCreateUser(shop.db, { ...reg, role });
  const r = await api.post('/user/login', { email: reg.email, password: GOOD_PASSWORD });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
  return { ...r.body, email: reg.email, h: { accestoken: r.body.accesToken } };
}

/** A Customer, an Influencer and an Admin, created and logged in (in that order) as `userWithRole` does. */
export async function roleUsers(shop: Shop, api: ApiClient): Promise<{ customer: TestUser; influencer: TestUser; admin: TestUser }> {
  const customer = await userWithRole(shop, api, 'Customer');
  const influencer = await userWithRole(shop, api, 'Influencer');
  const admin = await userWithRole(shop, api, 'Admin');
  return { customer, influencer, admin };
}

/** A verified customer with the test password (GOOD_PASSWORD) and a locale, created without a mail. */
export async function customerWithPassword(shop: Shop, locale = 'en'): Promise<{ id: string; email: string }> {
  const reg = registration();
  const { id } = await adminCreateUser(shop.db, { ...reg, role: 'Customer' });
  await shop.db.update(users).set({ locale, emailVerifiedAt: new Date() }).where(eq(users.id, id));
  return { id, email: reg.email };
}
