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
  if (process.env.UPLOAD) {
    const sharp = (await import('sharp')).default;
    for (const [pid, color] of process.env.UPLOAD.split(',').map((x, i) => [x, i])) {
      await page.goto(base + '/admin/product/add?id=' + pid);
      const buf = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90 + color * 30, g: 55, b: 25 } } }).composite([{ input: Buffer.from('<svg width="1200" height="900"><rect x="200" y="380" width="800" height="140" rx="70" fill="#3b2414"/><rect x="700" y="380" width="120" height="140" fill="#c9a24a"/></svg>'), top: 0, left: 0 }]).jpeg().toBuffer();
      await page.locator('#photo').setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: buf });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.waitForLoadState('networkidle');
    }
  }
  for (const lang of langs) {
    for (const p of pages) {
      const i = p.indexOf('='); const name = p.slice(0, i); const path = p.slice(i + 1);
      await ctx.addCookies([{ name: 'lang', value: lang, url: base }]);
      await page.goto(base + path);
      await page.waitForTimeout(600);
      if (process.env.DEBUG) console.log(name, page.url(), (await page.content()).slice(0, 0));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) console.log('OVERFLOW', name, lang, size);
      await page.screenshot({ path: `${out}/admin-${name}-${size}${lang === 'en' ? '' : '-' + lang}.png`, fullPage: true });
    }
  }
  await ctx.close();
}
await browser.close();
