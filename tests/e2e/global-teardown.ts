/** Removes the end-to-end server's temporary data and mail directories and the run's starting database (playwright.config.ts). */
import fs from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.SHOP_E2E_DATA_DIR;
  if (dir && dir.includes('shop-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
  const mail = process.env.SHOP_E2E_MAIL_DIR;
  if (mail && mail.includes('shop-e2e-')) fs.rmSync(mail, { recursive: true, force: true });
  const template = process.env.SHOP_E2E_TEMPLATE;
  if (template && template.includes('shop-e2e-')) fs.rmSync(template, { force: true });
}
