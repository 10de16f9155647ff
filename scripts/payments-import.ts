/**
 * Imports bank credits from an ISO 20022 camt.054 file and matches them to bank-transfer orders
 * (`npm run payments:import -- file.xml`). Re-importing a file records nothing twice. Unmatched
 * credits and over-payments are listed on /admin/order/list for the admin.
 *
 * Uses DATABASE_URL or the PGlite data in DATA_DIR: with PGlite, stop the server first (one
 * process at a time opens a data directory) or upload the file on /admin/order/list instead.
 */
import fs from 'node:fs';
import { importCamt054, Camt054Error } from '../core/payments/index.ts';
import { openScriptShop, runScript } from './lib/cli.ts';

async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (files.length === 0) {
    console.error('Usage: npm run payments:import -- file.xml [more.xml …]');
    return 2;
  }
  const shop = await openScriptShop({ catalogueFile: null }, undefined, { LOG_LEVEL: 'warn' });
  if (typeof shop === 'number') return shop;
  let code = 0;
  try {
    for (const file of files) {
      try {
        const s = await importCamt054(shop, fs.readFileSync(file, 'utf8'));
        console.log(
          `${file}: ${s.credits} credit(s), ${s.recorded} recorded, ${s.duplicates} already known; ` +
            `${s.paidOrders.length} order(s) now paid${s.paidOrders.length ? ` (${s.paidOrders.join(', ')})` : ''}, ` +
            `${s.partial} partial, ${s.unmatched} unmatched, ${s.overpaid} over-payment(s)`,
        );
      } catch (e) {
        if (e instanceof Camt054Error) {
          console.error(`${file}: ${e.message}`);
          code = 1;
        } else throw e;
      }
    }
  } finally {
    await shop.close();
  }
  return code;
}

runScript(main);
