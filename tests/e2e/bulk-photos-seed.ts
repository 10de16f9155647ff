/**
 * Seeds the data directory of the bulk photo spec's own server (tests/e2e/bulk-photos.spec.ts):
 * the run's starting database, with three products under SKUs as an owner's catalogue names them
 * (`CDT-ROB-001`, `CDT-TOR-002`, `CDT-COR-003`) and no photos. Prints `{}`: no seeded ids.
 */
import { eq } from 'drizzle-orm';
import { products } from '../../core/db/schema/catalogue.ts';
import { openSeededShop } from './seeded-shop.ts';

export const BULK_PHOTO_SKUS = ['CDT-ROB-001', 'CDT-TOR-002', 'CDT-COR-003'];

const shop = await openSeededShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined });
const rows = await shop.db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(products.sku).limit(BULK_PHOTO_SKUS.length);
for (const [i, sku] of BULK_PHOTO_SKUS.entries()) await shop.db.update(products).set({ sku, images: [] }).where(eq(products.id, rows[i].id));
await shop.close();
console.log(JSON.stringify({}));
