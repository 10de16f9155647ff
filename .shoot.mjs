import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3351';
const pages = (process.env.PAGES ?? '').split(',').filter(Boolean);
const langs = (process.env.LANGS ?? 'en').split(',');
const sizes = (process.env.SIZES ?? 'desktop,phone').split(',');
const out = process.env.OUT ?? '/tmp/admin-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const size of sizes) {
  const viewport = size === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 900 };
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript(() => { localStorage.setItem('ageConfirmedAt', String(Date.now())); localStorage.setItem('cookieChoice', 'accepted'); });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', m.text()); });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(base + '/login');
  await page.getByLabel('E-mail').fill('a@example.ch');
  await page.getByLabel('Password', { exact: true }).fill('Admin-Password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  for (const lang of langs) {
    for (const p of pages) {
      const [name, path] = p.split('=');
      await page.goto(base + path + (path.includes('?') ? '&' : '?') + 'lang=' + lang);
      await page.waitForTimeout(600);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) console.log('OVERFLOW', name, lang, size);
      await page.screenshot({ path: `${out}/admin-${name}-${size}${lang === 'en' ? '' : '-' + lang}.png`, fullPage: true });
    }
  }
  await ctx.close();
}
await browser.close();
