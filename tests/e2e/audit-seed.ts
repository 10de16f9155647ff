/**
 * Seeds a data directory for the audit log walk (tests/e2e/audit.spec.ts): an admin with a name
 * ships a customer's bank-transfer order and refunds CHF 80.10 of it, corrects a stock, imports
 * the catalogue's own CSV with one price changed, and changes the shipping fee; a customer's
 * order is placed. Prints the order's code as JSON. Run once on a fresh directory.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { hashPassword } from '../../core/accounts/password.ts';
import { users } from '../../core/db/schema/accounts.ts';
import { addToCart } from '../../core/cart/service.ts';
import { adjustStock, importProductsCsv, productsCsv } from '../../core/catalogue/manage.ts';
import { updateSettings } from '../../core/config/service.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { createOrder } from '../../core/orders/index.ts';
import { refundOrder } from '../../core/payments/refunds.ts';
import { openSeededShop } from './seeded-shop.ts';
import { cigarsInStock } from '../helpers/catalogue.ts';
import { payInFull } from '../helpers/payments.ts';

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const ADMIN = 'e2e-audit-owner';
const CUSTOMER = 'e2e-audit-customer';
for (const [id, first, last, email, role] of [
  [ADMIN, 'Olivia', 'Owner', 'olivia.owner@example.ch', 'Admin'],
  [CUSTOMER, 'Lena', 'Brändli', 'lena.braendli@example.ch', 'Customer'],
] as const)
  await shop.db.insert(users).values({
    id,
    email,
    passwordHash: await hashPassword('Audit-E2e-Passw0rd'),
    firstName: first,
    lastName: last,
    dateOfBirth: '1980-03-14',
    street: 'Spalenberg 14',
    postalCode: '4051',
    city: 'Basel',
    country: 'CH',
    role,
    locale: 'de',
    emailVerifiedAt: new Date(),
  });
const [product] = await cigarsInStock(shop, 1);
await addToCart(shop.db, CUSTOMER, product.id, 4, CUSTOMER);
const o = await createOrder(shop, { userId: CUSTOMER, paymentMethod: 'qr-bill', locale: 'de' });
await payInFull(shop, o, 'qr-bill', `seed-${o.code}`);
await shipOrder(shop, o.id, { carrier: 'swiss-post', trackingNumber: '99.60.123456.87654321' }, ADMIN);
await refundOrder(shop, o.id, { amount: Math.min(8_010, o.total), restock: false, reason: 'damaged' }, ADMIN);
await adjustStock(shop.db, product.id, 24, 'delivery', 'Lieferung Dezember', ADMIN);
const rows = parse((await productsCsv(shop.db)).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
rows[0] = { ...rows[0], price_chf: '99.50' };
await importProductsCsv(shop.db, stringify(rows, { header: true }), { dryRun: false, adminId: ADMIN, fileName: 'Sortiment Dezember.csv' });
await updateSettings(shop.db, { shippingFee: 950 }, `admin:${ADMIN}`);
await shop.close();
console.log(JSON.stringify({ code: o.code }));
