/**
 * Screenshots for the README (issue 3, item 8): home, product list, product detail and cart, in
 * light and dark mode, on a phone (390x844) and a desktop (1280x900), saved as PNG in
 * docs/screenshots/. Run against a started server: `BASE_URL=http://localhost:3000 node --import
 * tsx scripts/screenshots.ts` (Debian's Chromium, nothing is downloaded).
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = process.env.OUT_DIR ?? 'docs/screenshots';
const only = process.env.ONLY?.split(',');
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const host = new URL(base).hostname;
for (const [device, viewport] of Object.entries(viewports)) {
  for (const theme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ viewport, locale: 'en-CH' });
    await ctx.addCookies([{ name: 'theme', value: theme, domain: host, path: '/' }]);
    await ctx.addInitScript(() => {
      localStorage.setItem('ageConfirmedAt', String(Date.now()));
      localStorage.setItem('cookieChoice', 'accepted');
    });
    const page = await ctx.newPage();
    const shot = async (name: string) => {
      if (only && !only.includes(name)) return;
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/${name}-${device}-${theme}.png`, fullPage: false });
    };
    await page.goto(`${base}/`);
    await shot('home');
    // cigars show the most at a glance: vitola, size, strength
    await page.goto(`${base}/client/products?category=cigar`);
    await shot('products');
    const href = await page.locator('article .card-title a').first().getAttribute('href');
    await page.goto(`${base}${href}`);
    await shot('productdetail');
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('sidecart').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${base}/shopcart`);
    await shot('cart');
    for (const extra of (process.env.EXTRA ?? '').split(',').filter(Boolean)) {
      await page.goto(`${base}${extra}`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/extra${extra.replace(/[^a-z]/gi, '-')}-${device}-${theme}.png`, fullPage: true });
    }
    await ctx.close();
  }
}
await browser.close();
