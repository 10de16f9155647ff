/**
 * What the order mails and the packing list say, for an order with a promo code, a custom box of
 * five cigars with a gift card and a single product, on bank transfer: the shop's new-order mail
 * and the customer's mails list every line (the box's model in the reader's language, each
 * cigar with SKU and count, the gift-card text), the discount with its code, shipping and the
 * total, and the figures add up; in German nothing is left in English (box name, carrier,
 * country); in Arabic the one layout is right to left. Mails go through the outbox and a real
 * (in-process) SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { applyPromoCode } from '../../core/cart/promo.ts';
import { addToCart } from '../../core/cart/service.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { outbox } from '../../core/db/schema/index.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { packingList } from '../../core/orders/index.ts';
import { importCamt054 } from '../../core/payments/camt054.ts';
import { createPromo } from '../../core/promos/service.ts';
import { rappenToDecimalString } from '../../core/pricing/money.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { camt054 } from '../helpers/camt054.ts';
import { createCustomer, type TestCustomer } from '../helpers/customers.ts';
import type { TestSmtp } from '../helpers/smtp.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let smtp: TestSmtp;
const GIFT = 'Alles Gute zum 50. Geburtstag, Hans! <3 & mehr';

beforeAll(async () => {
  ({ shop, api, smtp } = await openTestSuite({ smtp: true }));
  await createPromo(shop.db, { code: 'FEST10', kind: 'percent', value: 10, minOrder: 0, active: true });
});
afterAll(() => shop?.close());

/** Five single cigars at CHF 10.00 with stock, from the `from`-th single on. */
async function cigars(from: number) {
  const singles = await shop.db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(and(eq(products.category, 'cigar'), eq(products.unitsPerPackage, 1)))
    .orderBy(products.sku);
  const chosen = singles.slice(from, from + 5);
  for (const c of chosen) await shop.db.update(products).set({ stock: 50, basePrice: 1000, discountPercent: 0, active: true }).where(eq(products.id, c.id));
  return chosen;
}

/** A bank-transfer order of customer `c`: a cedar box for 10 (5 cigars, one of them twice) with `GIFT` on its card, one product at CHF 20.00, promo FEST10. */
async function giftOrder(c: TestCustomer, from: number, lang: string) {
  const cs = await cigars(from);
  const made = await api.post(
    '/custombox/create',
    { userID: c.id, boxID: 'cedar-10', items: cs.map((x, i) => ({ productID: x.id, count: i === 0 ? 2 : 1 })), message: GIFT },
    c.headers,
  );
  expect(made.status).toBe(201);
  const [single] = await shop.db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(and(eq(products.active, true), ne(products.category, 'cigar')))
    .orderBy(products.sku)
    .limit(1);
  await shop.db.update(products).set({ stock: 50, basePrice: 2000, discountPercent: 0 }).where(eq(products.id, single.id));
  await addToCart(shop.db, c.id, single.id, 1, c.id);
  await applyPromoCode(shop.db, c.id, 'FEST10', c.id);
  const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, { ...c.headers, 'accept-language': lang });
  expect(res.status).toBe(201);
  const [order] = await shop.db.select().from(orders).where(eq(orders.code, res.body.order.code));
  return { order, cs, single };
}

/** The outbox rows whose subject names `code`, oldest first. */
async function mailsOf(code: string) {
  const rows = await shop.db.select().from(outbox).orderBy(outbox.createdAt);
  return rows.filter((r) => r.subject.includes(code));
}

/** The CHF amounts of a mail's text after `label:` (the first such line). */
function amountAfter(text: string, label: string): number {
  const line = text.split('\n').find((l) => l.trimStart().startsWith(`${label}:`) || l.trimStart().startsWith(`${label} (`));
  expect(line, `a line "${label}" in\n${text}`).toBeDefined();
  const m = /(−?)CHF (\d+\.\d{2})/.exec(line!);
  return m ? Math.round(Number(m[2]) * 100) * (m[1] ? -1 : 1) : 0;
}

/** The line items' amounts of a mail's text (lines `  n × name (SKU): CHF x`). */
function itemAmounts(text: string): number[] {
  return [...text.matchAll(/^ {2}\d+ × .+\): CHF (\d+\.\d{2})$/gm)].map((m) => Math.round(Number(m[1]) * 100));
}

describe('order mails that say everything', () => {
  it('the German shop mail and confirmation list the box with its cigars, SKUs and gift card, the discount and code, shipping and a total that adds up', async () => {
    const c = await createCustomer(shop, { locale: 'de' });
    const { order, cs, single } = await giftOrder(c, 0, 'de');
    expect(order.discount).toBeGreaterThan(0);
    expect(order.shippingFee).toBeGreaterThan(0);
    const mails = await mailsOf(order.code);
    const shopMail = mails.find((m) => !m.to.includes(c.email))!;
    const confirmation = mails.find((m) => m.to.includes(c.email))!;
    expect(shopMail).toBeDefined();
    expect(confirmation).toBeDefined();
    for (const m of [shopMail, confirmation]) {
      const text = m.text;
      // every line: the box in German with each cigar (count, name, SKU) and the gift card text
      expect(text).toContain('1 × Zedernholzkiste für 10 Zigarren (CUSTOM-BOX)');
      expect(text).toContain(`2 × ${cs[0].name} (${cs[0].sku})`);
      for (const x of cs.slice(1)) expect(text).toContain(`1 × ${x.name} (${x.sku})`);
      expect(text).toContain(`Grusskarte: «${GIFT}»`);
      expect(text).toContain(`1 × ${single.name} (${single.sku}): CHF 20.00`);
      // the money adds up: items − discount − bonus + shipping = total
      const items = itemAmounts(text);
      expect(items).toHaveLength(2);
      const sum = items.reduce((a, b) => a + b, 0);
      expect(sum).toBe(order.subtotal);
      expect(amountAfter(text, 'Zwischensumme')).toBe(order.subtotal);
      expect(text).toContain('Rabatt (FEST10)');
      expect(amountAfter(text, 'Rabatt')).toBe(-order.discount);
      expect(amountAfter(text, 'Versand')).toBe(order.shippingFee);
      expect(amountAfter(text, 'Total')).toBe(order.total);
      expect(sum - order.discount - order.bonus + order.shippingFee).toBe(order.total);
      // nothing left in English, and the country named in German
      expect(text).not.toMatch(/Cedar box|Swiss Post|Switzerland/);
      expect(text).toContain('Schweiz');
      // the HTML part: the one layout in German, the same order, values escaped
      expect(m.html).toMatch(/<html lang="de" dir="ltr">/);
      expect(m.html).toContain('Zedernholzkiste für 10 Zigarren');
      expect(m.html).toContain('Alles Gute zum 50. Geburtstag, Hans! &lt;3 &amp; mehr');
      expect(m.html).toContain(cs[4].sku);
      expect(m.html).toContain(`CHF ${rappenToDecimalString(order.total)}`);
      expect(m.html).not.toMatch(/Cedar box|Swiss Post|Switzerland/);
    }
    expect(shopMail.text).toContain(c.email);
    expect(shopMail.text).toContain('/admin/order/details?id=');
    expect(confirmation.text).toContain(`CHF ${rappenToDecimalString(order.total)}`);
    // sent through SMTP with the site's name as the sender's display name
    const raw = (await smtp.waitFor(1)).find((m) => m.to.includes(c.email))!.raw;
    expect(raw).toMatch(/^From: Casa del Tabaco <[^>]+>/m);
  });

  it('paid and shipped, the German mails name the carrier in German; the packing list shows the box, SKUs, the gift text and the amounts', async () => {
    const c = await createCustomer(shop, { locale: 'de' });
    const { order, cs } = await giftOrder(c, 5, 'de');
    const paid = await importCamt054(
      shop,
      camt054([{ acctSvcrRef: `GIFT-${order.code}`, amount: rappenToDecimalString(order.total), reference: order.paymentReference! }]),
    );
    expect(paid.paidOrders).toEqual([order.code]);
    await shipOrder(shop, order.id, { carrier: 'swiss-post', trackingNumber: '99.60.123456.12345678' }, 'admin-1');
    const mails = (await mailsOf(order.code)).filter((m) => m.to.includes(c.email));
    const [received, payment, shipped] = mails;
    expect(mails).toHaveLength(3);
    expect(payment.text).toContain('Zedernholzkiste für 10 Zigarren');
    expect(payment.text).toContain(`Grusskarte: «${GIFT}»`);
    expect(shipped.text).toContain('mit der Schweizerischen Post verlassen');
    expect(shipped.html).toContain('https://service.post.ch/ekp-web/ui/entry/search/99.60.123456.12345678');
    for (const m of [received, payment, shipped]) expect(`${m.text}${m.html}`).not.toMatch(/Cedar box|Swiss Post|Switzerland/);

    const list = await packingList(shop.db, order.code, 'de');
    const box = list.lines.find((l) => l.sku === 'CUSTOM-BOX')!;
    expect(box.name).toBe('Zedernholzkiste für 10 Zigarren');
    expect(box.message).toEqual({ kind: 'card', text: GIFT });
    expect(box.contents).toEqual(cs.map((x, i) => ({ name: x.name, sku: x.sku, count: i === 0 ? 2 : 1 })));
    expect(list.order).toMatchObject({ promoCode: 'FEST10', discount: order.discount, shippingFee: order.shippingFee, total: order.total });
  });

  it('in Arabic the confirmation is on the one layout right to left, with the box named in Arabic', async () => {
    const c = await createCustomer(shop, { locale: 'ar' });
    const { order, cs } = await giftOrder(c, 10, 'ar');
    const confirmation = (await mailsOf(order.code)).find((m) => m.to.includes(c.email))!;
    expect(confirmation.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(confirmation.html).toMatch(/<body dir="rtl"/);
    expect(confirmation.html).toContain('علبة من خشب الأرز');
    expect(confirmation.html).toContain('سويسرا');
    expect(confirmation.html).toContain(cs[0].sku);
    expect(`${confirmation.text}${confirmation.html}`).not.toMatch(/Cedar box|Switzerland/);
    // the shop's mail stays in the shop's language (German)
    const shopMail = (await mailsOf(order.code)).find((m) => !m.to.includes(c.email))!;
    expect(shopMail.html).toMatch(/<html lang="de" dir="ltr">/);
  });
});
