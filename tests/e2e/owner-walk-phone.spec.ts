/**
 * The owner's walk on a 390 px phone (a month of real days, end to end), in German and then in Arabic, against a shop of its own with
 * 402 products (tests/e2e/owner-walk-seed.ts) that mails through an in-process SMTP server:
 * 1. the product page: catalogue values in the page's language (no English one on the German
 *    page), the sticky add bar once scrolled; right to left in Arabic;
 * 2. a custom box from the 400-product catalogue: a search, five varieties, a gift card text,
 *    "create" reached within 10 screens;
 * 3. ordered by QR-bill: the customer's and the shop's order mails list the box's cigars with
 *    their SKUs and the gift text, and their figures add up; the owner records the transfer, and
 *    the packing list shows the box contents and the gift text;
 * 4. shipped by the owner, a return requested by the customer: the owner is mailed;
 * 5. the owner accepts the refund, finds it under refunds to pay and exports the pain.001 file;
 * 6. the audit log shows the refund in CHF, in Zurich time, in the page's language, by order code.
 * Full-page screenshots of each step go to test-results/owner-walk/ (to be looked at).
 */
import fs from 'node:fs';
import { type Browser, type BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { decodeQp } from '../helpers/smtp.ts';
import { ownServerFor, pastGatesState } from './own-server.ts';
import { WALK_ADMIN, WALK_CUSTOMERS } from './owner-walk-env.ts';

const SHOTS = 'test-results/owner-walk';
const SCREEN = { width: 390, height: 844 };
/** English catalogue values of the walk's product (Arturo Fuente Hemingway Short Story) and its box. */
const ENGLISH = ['Cameroon', 'Dominican Republic', 'cedar', 'Cedar', 'cream', 'nuts', 'baking spice', 'Medium', 'Perfecto Single', 'Cedar box'];
const LANG = {
  de: {
    locale: 'de-CH',
    values: ['Kamerun', 'Dominikanische Republik', 'Zeder'],
    gift: 'Alles Gute zum 60., lieber Ruedi!',
    audit: 'Rückerstattung ausgeführt',
  },
  ar: { locale: 'ar', values: ['الكاميرون', 'جمهورية الدومينيكان', 'خشب الأرز'], gift: 'عيد ميلاد سعيد يا ليلى', audit: 'تم تنفيذ استرداد' },
} as const;

test.describe.configure({ mode: 'serial' });

const own = ownServerFor<{ owner: string }>({ name: 'owner walk', seedScript: 'tests/e2e/owner-walk-seed.ts', admin: WALK_ADMIN, smtp: true });

test.beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** A phone (390 × 844, touch) in `locale` in Zurich, past the age gate and the cookie notice. */
function phone(browser: Browser, locale: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport: SCREEN,
    isMobile: true,
    hasTouch: true,
    locale,
    timezoneId: 'Europe/Zurich',
    storageState: pastGatesState(own.base),
    acceptDownloads: true,
  });
}

/** Opens `path` on the walk's server and waits until React has hydrated it. */
async function open(page: Page, path: string) {
  await page.goto(`${own.base}${path}`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });
}

/** Signs in through the log-in form (found by its fields' names, so in every language) and lands on `to`. */
async function signIn(page: Page, who: { email: string; password: string }, to: string) {
  await open(page, `/login?redirectTo=${encodeURIComponent(to)}`);
  await page.locator('main input[name="email"]').fill(who.email);
  await page.locator('main input[name="password"]').fill(who.password);
  await page.locator('main form button[type="submit"]').last().click();
  await page.waitForURL((u) => u.pathname === to.split('?')[0], { timeout: 30_000 });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Quoted-printable bytes (`=D8=B9`, UTF-8) turned into their characters (decodeQp keeps them). */
const utf8Qp = (text: string) => text.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/** The decoded text of the newest mail to `to` whose text matches `match`, once it arrived. */
async function mailTo(to: string, match: RegExp): Promise<string> {
  const find = () =>
    own.smtp.mails
      .filter((m) => m.to.includes(to))
      .map((m) => utf8Qp(decodeQp(m.raw)))
      .filter((t) => match.test(t))
      .at(-1);
  await expect.poll(() => find() !== undefined, { message: `a mail to ${to} matching ${match}`, timeout: 30_000 }).toBe(true);
  return find()!;
}

/** CHF figures ("CHF 1'234.50", "CHF 12.00") in `text`, in Rappen. */
const rappen = (s: string) => Math.round(Number(s.replace(/['’\s]/g, '')) * 100);

for (const lang of ['de', 'ar'] as const) {
  test(`the owner's walk on a 390 px phone in ${lang === 'de' ? 'German' : 'Arabic'}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const L = LANG[lang];
    const who = WALK_CUSTOMERS[lang];
    const customerContext = await phone(browser, L.locale);
    const customer = await customerContext.newPage();
    await signIn(customer, who, `/client/products?lang=${lang}`);

    // 1. the product page: the catalogue values in the page's language, the add bar stays in reach
    const found = await customer.request.post(`${own.base}/api/product/searchProducts`, { data: { searchOptions: { searchName: 'hemingway short story' } } });
    const { products } = (await found.json()) as { products: { _id: string; name: string }[] };
    const productId = products.find((p) => p.name === 'Arturo Fuente Hemingway Short Story')!._id;
    await open(customer, `/productdetail?id=${encodeURIComponent(productId)}&lang=${lang}`);
    await expect(customer.locator('html')).toHaveAttribute('lang', lang);
    await expect(customer.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(customer.locator('dl.specs')).toContainText(L.values[0]);
    await expect(customer.locator('dl.specs')).toContainText(L.values[1]);
    await expect(customer.locator('ul.notes')).toContainText(L.values[2]);
    if (lang === 'de') {
      const text = await customer.locator('main').innerText();
      for (const english of ENGLISH) expect(text, `"${english}" on the German product page`).not.toContain(english);
    }
    await shot(customer, `${lang}-1-product`);
    // the add bar: at the first screen's bottom, and again once scrolled past the page's own form
    // to the details (it steps aside while that form is on screen, tests/e2e/phone-shopping.spec.ts)
    const bar = customer.getByTestId('buy-bar');
    await expect(bar).toBeInViewport();
    await customer.evaluate(() => document.querySelector('dl.specs')!.scrollIntoView({ block: 'start' }));
    expect(await customer.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(bar).toBeInViewport();
    await expect(bar.getByTestId('bar-add-to-cart')).toBeVisible();
    await customer.screenshot({ path: `${SHOTS}/${lang}-1-product-scrolled.png` });

    // 2. a custom box out of 400 products: search, five varieties, a gift card, create within 10 screens
    await open(customer, `/custombox?lang=${lang}`);
    await customer.locator('#cb-q').fill('Fuente');
    await expect(customer).toHaveURL(/[?&]q=Fuente/);
    const varieties = customer.getByTestId('box-variety');
    await expect(varieties.first()).toBeVisible();
    const chosen: string[] = [];
    for (let i = 0; i < 5; i++) {
      chosen.push((await varieties.nth(i).locator('.cb-item-name').textContent())!.trim());
      await varieties.nth(i).locator('button[value^="inc:"]').click();
    }
    await expect(customer.getByTestId('box-count')).toContainText('5');
    await customer.locator('input[name="messageKind"][value="card"]').check();
    await customer.locator('[name="message"]').fill(L.gift);
    const create = customer.getByTestId('box-create');
    await create.scrollIntoViewIfNeeded();
    const scrolled = await customer.evaluate(() => window.scrollY);
    const height = await customer.evaluate(() => document.documentElement.scrollHeight);
    test.info().annotations.push({
      type: `${lang} box builder`,
      description: `create at scrollY ${scrolled} px of ${height} px (${(scrolled / SCREEN.height).toFixed(1)} screens)`,
    });
    expect(scrolled, 'Create box within 10 screens').toBeLessThanOrEqual(10 * SCREEN.height);
    await shot(customer, `${lang}-2-custombox`);
    await create.click();
    await customer.waitForURL(/\/shopcart/);
    await expect(customer.getByTestId('cart-line')).toHaveCount(1);
    for (const n of chosen) await expect(customer.getByTestId('box-contents')).toContainText(n);
    await shot(customer, `${lang}-2-cart`);

    // 3. ordered by QR-bill: the order mails say everything
    await customer.getByTestId('checkout').click();
    await customer.waitForURL(/\/payment$/);
    await expect(customer.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });
    await customer.getByTestId('method-qr-bill').check();
    const total = (await customer.getByTestId('summary-total').textContent())!.trim();
    await customer.getByTestId('pay').click();
    await customer.waitForURL(/\/paymentsuccess\?order=/);
    const code = (await customer.getByTestId('order-code').textContent())!.trim();
    await shot(customer, `${lang}-3-order-placed`);
    const shopMail = await mailTo(own.seed.owner, new RegExp(code));
    const customerMail = await mailTo(who.email, new RegExp(code));
    fs.writeFileSync(`${SHOTS}/${lang}-3-shop-mail.txt`, shopMail);
    fs.writeFileSync(`${SHOTS}/${lang}-3-customer-mail.txt`, customerMail);
    for (const mail of [shopMail, customerMail]) {
      expect(mail).toContain(L.gift);
      for (const n of chosen) expect(mail).toContain(n);
      expect(mail).toMatch(/\b(AF|OWN)-[A-Z0-9-]+/);
    }
    // the shop's mail (in the shop's mail language, German): the lines add up to the subtotal, and
    // the subtotal with shipping (and any discount) to the total the customer was shown
    const plain = shopMail.slice(shopMail.indexOf('Positionen:'));
    const chf = (s: string) => (s.startsWith('-') || s.startsWith('−') ? -1 : 1) * rappen(s.replace(/^[-−]?\s*CHF\s*/, ''));
    const items = [...plain.matchAll(/^ {2}\d+ × .+: (CHF [\d'.]+)$/gm)].map((m) => chf(m[1]));
    const subtotal = chf(/^Zwischensumme: (.+)$/m.exec(plain)![1]);
    const after = plain.slice(plain.indexOf('Zwischensumme:'), plain.indexOf('\nTotal:'));
    const adjustments = [...after.matchAll(/^(?!Zwischensumme)[^:\n]+: ([-−]?\s*CHF [\d'.]+)$/gm)].map((m) => chf(m[1]));
    const mailTotal = chf(/^Total: (.+)$/m.exec(plain)![1]);
    expect(items.length).toBeGreaterThan(0);
    expect(items.reduce((a, b) => a + b, 0)).toBe(subtotal);
    expect(subtotal + adjustments.reduce((a, b) => a + b, 0)).toBe(mailTotal);
    expect(mailTotal).toBe(rappen(total.replace(/[^\d.']/g, '')));

    // the owner records the transfer and opens the packing list
    const ownerContext = await phone(browser, L.locale);
    const owner = await ownerContext.newPage();
    await signIn(owner, WALK_ADMIN, `/admin/home?lang=${lang}`);
    await open(owner, `/admin/order/details?id=${code}&lang=${lang}`);
    const payment = owner.getByTestId('manual-payment-form');
    await payment.locator('[name="amount"]').fill(total.replace(/[^\d.]/g, ''));
    await owner.getByTestId('manual-payment-submit').click();
    await expect(owner.getByTestId('manual-payment-form')).toHaveCount(0);
    await open(owner, `/admin/order/packing?id=${code}&lang=${lang}`);
    await expect(owner.getByTestId('packing-gift')).toContainText(L.gift);
    const packed = owner.getByTestId('packing-lines');
    for (const n of chosen) await expect(packed).toContainText(n);
    await expect(packed.locator('.packing-contents li')).toHaveCount(5);
    if (lang === 'de') for (const english of ENGLISH) await expect(packed).not.toContainText(english);
    await shot(owner, `${lang}-3-packing-list`);

    // 4. shipped; the customer asks for a return and the owner is mailed
    await open(owner, `/admin/order/details?id=${code}&lang=${lang}`);
    const ship = owner.locator('form', { has: owner.locator('input[name="trackingNumber"]') });
    await ship.locator('input[name="trackingNumber"]').fill('99.60.123456.87654321');
    await ship.locator('button[type="submit"]').click();
    await expect(owner.getByTestId('tracking')).toBeVisible();
    await open(customer, `/client/historydetails?id=${code}&lang=${lang}`);
    const form = customer.getByTestId('return-form');
    await form.locator('input[name="reason"][value="damaged"]').check();
    await form.locator('[name="message"]').fill(lang === 'de' ? 'Die Kiste kam zerdrückt an.' : 'وصل الصندوق مكسوراً.');
    await form.locator('[name="iban"]').fill(who.iban);
    await shot(customer, `${lang}-4-return-form`);
    await customer.getByTestId('return-submit').click();
    await expect(customer.getByTestId('return-status')).toBeVisible();
    await shot(customer, `${lang}-4-return-requested`);
    const ownerReturnMail = await mailTo(own.seed.owner, new RegExp(`${code}[\\s\\S]*admin/order/details`));
    fs.writeFileSync(`${SHOTS}/${lang}-4-owner-return-mail.txt`, ownerReturnMail);
    // in the shop's mail language (German) with the box by its German name
    expect(ownerReturnMail).toContain(`${who.first} ${who.last}`);
    expect(ownerReturnMail).toContain('Zedernholzkiste für 10 Zigarren (CUSTOM-BOX)');
    expect(ownerReturnMail).not.toContain('Cedar box');

    // 5. the owner accepts; the refund waits under refunds to pay and goes out as pain.001
    await open(owner, `/admin/order/details?id=${code}&lang=${lang}`);
    await owner.getByTestId('return-accept').click();
    await expect(owner.getByTestId('admin-return-status')).toBeVisible();
    await open(owner, `/admin/refunds?lang=${lang}`);
    const row = owner.getByTestId('refund-to-pay').filter({ hasText: who.last });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(who.iban);
    // the credit-note number keeps its left-to-right order on the Arabic page too ("2026-…-C1")
    const number = row.locator('strong bdi');
    await expect(number).toHaveText(/^\d{4}-[A-Z0-9]+-C\d+$/);
    expect(await number.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    await shot(owner, `${lang}-5-refunds-to-pay`);
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByTestId('refunds-export').click()]);
    const xml = fs.readFileSync((await download.path())!, 'utf8');
    fs.writeFileSync(`${SHOTS}/${lang}-5-pain001.xml`, xml);
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('pain.001.001.09');
    expect(xml).toContain(`<Nm>${who.first} ${who.last}</Nm>`);
    expect(xml).toContain(who.iban.replace(/\s/g, ''));
    const amount = rappen(total.replace(/[^\d.']/g, ''));
    expect(xml).toContain(`>${(amount / 100).toFixed(2)}</InstdAmt>`);
    await owner.getByTestId('refunds-mark-paid').click();
    await open(owner, `/admin/refunds?lang=${lang}`);
    await expect(row).toHaveCount(0);

    // 6. the audit log: the refund in the page's language, CHF, Zurich time, the order by its code
    await open(owner, `/admin/audit?q=${code}&lang=${lang}`);
    const refund = owner.getByTestId('audit-entries').locator('[data-action="order.refund"]');
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText(L.audit);
    await expect(refund).toContainText(code);
    const creditNote = refund.locator('bdi', { hasText: /^\d{4}-[A-Z0-9]+-C\d+$/ });
    await expect(creditNote).toHaveCount(1);
    expect(await creditNote.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    // "CHF 102.00" in German, "102.00 CHF" in Arabic: francs, never Rappen
    await expect(refund).toContainText(/CHF\s[\d']+\.\d\d|[\d']+\.\d\d\sCHF/);
    const at = await refund.locator('time').getAttribute('datetime');
    // the time a Zurich clock reads (the server runs in UTC): 04:21 in German, 4:21 ص in Arabic
    const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(at!))
      .split(':');
    await expect(refund.locator('time')).toContainText(lang === 'de' ? `${h}:${m}` : `${Number(h) % 12 || 12}:${m}`);
    const log = await owner.getByTestId('audit-entries').innerText();
    expect(log).not.toMatch(/\b(order|product|settings)\.[a-z_]+/);
    expect(log).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    await shot(owner, `${lang}-6-audit`);
    await ownerContext.close();
    await customerContext.close();
  });
}
