/**
 * The CPU time of an invoice PDF, for `npm run bench`: a shop in memory (PGlite, the starting
 * catalogue), one customer, one order of two products paid by bank transfer, and its invoice with
 * the Swiss QR-bill drawn `count` times per language (core/invoices/pdf.ts `invoicePdf`, what the
 * order mail attaches and /client/invoice serves). The first document of a language is counted
 * apart: it reads the language's fonts from disk.
 */
import { addToCart } from '../core/cart/index.ts';
import { getSettings } from '../core/config/index.ts';
import { gt } from 'drizzle-orm';
import { products } from '../core/db/index.ts';
import { invoicePdf } from '../core/invoices/index.ts';
import { createOrder } from '../core/orders/index.ts';
import { openShop } from '../core/shop.ts';
import { insertCustomer } from './lib/customers.ts';

/** One language's figures: CPU milliseconds of the first document and the median of the rest, and the size in bytes. */
export type InvoiceSpeed = { locale: string; firstMs: number; medianMs: number; bytes: number };

/**
 * Draws the invoice `count` times in each of `locales` (the first included).
 * @returns one row per language, CPU time of this process (user + system) per document.
 */
export async function invoiceSpeed(locales = ['de', 'fr', 'ar', 'ja'], count = 10): Promise<InvoiceSpeed[]> {
  const shop = await openShop({ DATA_DIR: 'memory://', DATABASE_URL: undefined, LOG_LEVEL: 'silent', SMTP_URL: undefined, NODE_ENV: 'test' });
  try {
    const id = await insertCustomer(shop, { emailPrefix: 'invoice-bench', firstName: 'Anna', lastName: 'Muster' });
    for (const p of await shop.db.select({ id: products.id }).from(products).where(gt(products.stock, 5)).limit(2)) await addToCart(shop.db, id, p.id, 1, id);
    const order = await createOrder(shop, { userId: id, paymentMethod: 'qr-bill' });
    const settings = await getSettings(shop.db);
    const rows: InvoiceSpeed[] = [];
    for (const locale of locales) {
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < count; i++) {
        const before = process.cpuUsage();
        bytes = (await invoicePdf({ ...order, locale }, settings, { withQrBill: true, date: order.createdAt })).length;
        const used = process.cpuUsage(before);
        ms.push((used.user + used.system) / 1000);
      }
      const rest = ms.slice(1).sort((a, b) => a - b);
      rows.push({ locale, firstMs: ms[0], medianMs: rest[Math.floor(rest.length / 2)] ?? ms[0], bytes });
    }
    return rows;
  } finally {
    await shop.close();
  }
}
