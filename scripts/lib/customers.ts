/**
 * Customers the commands make for their own runs (the chaos run, the invoice bench): verified
 * adults in Zürich who never log in with a password.
 */
import { randomUUID } from 'node:crypto';
import { users } from '../../core/db/index.ts';
import type { Shop } from '../../core/shop.ts';

/**
 * Inserts a verified customer born 1980-01-01 at Seestrasse 5, 8002 Zürich.
 * @param who e-mail (default `<prefix>-<id>@example.ch`), names and language (default `en`).
 * @returns the new user's id.
 */
export async function insertCustomer(shop: Shop, who: { emailPrefix: string; firstName: string; lastName: string; locale?: string }): Promise<string> {
  const id = randomUUID();
  await shop.db.insert(users).values({
    id,
    email: `${who.emailPrefix}-${id}@example.ch`,
    passwordHash: 'unused',
    firstName: who.firstName,
    lastName: who.lastName,
    dateOfBirth: '1980-01-01',
    street: 'Seestrasse 5',
    postalCode: '8002',
    city: 'Zürich',
    country: 'CH',
    role: 'Customer',
    locale: who.locale ?? 'en',
    emailVerifiedAt: new Date(),
  });
  return id;
}
