/**
 * Writes the end-to-end run's starting database to `SHOP_E2E_TEMPLATE` (a PGlite backup), once per
 * run (playwright.config.ts runs it before the shared server's seed; nothing when the file exists).
 *
 * The shop's first start (a new PGlite cluster, the migrations, the settings and the starting
 * catalogue) costs ~15 CPU-seconds, and four data directories need it: the shared server's and the
 * own servers of the admin, inputs and returns walks. Each seed script restores this file instead
 * (tests/e2e/seeded-shop.ts). The first start itself is still run here, and
 * tests/integration/first-run-setup.test.ts checks what it does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupPglite } from '../../core/db/index.ts';
import { openShop } from '../../core/shop.ts';

const file = process.env.SHOP_E2E_TEMPLATE;
if (!file) throw new Error('SHOP_E2E_TEMPLATE: the file to write the starting database to');
if (!fs.existsSync(file)) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-template-'));
  try {
    const shop = await openShop({ LOG_LEVEL: 'warn', SMTP_URL: undefined, DATA_DIR: dataDir });
    await shop.close();
    await backupPglite(dataDir, file);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
