/** Removes the end-to-end server's temporary data directory (playwright.config.ts). */
import fs from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.SHOP_E2E_DATA_DIR;
  if (dir && dir.includes('shop-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
