/**
 * Returns (docs/api.md, "Running the shop day to day"; the shop's terms), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: `POST /api/order/return` and its rules (reasons damaged /
 * wrong item only, shipped, 7 days after delivery — marked, or 3 days after shipping —, one open
 * return, lines), photos (3 at most, JPEG/PNG/WebP, 15 MB each, real phone-sized photos), the
 * IBAN of a bank-transfer order (QR-IBANs refused), the admin's accept (refund, credit note,
 * restock) and refuse, the customer's mail at each step (in-process SMTP), `GET /api/order/get`
 * with tracking, returns and documents; the pages: the customer's order page and its form, the
 * PDFs and photos for their owner only; and a partial refund taking back the influencer bonus in
 * proportion.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../../core/accounts/admin.ts';
import { addToCart } from '../../core/cart/service.ts';
import { bonusBalance } from '../../core/influencer/bonus.ts';
import { bonusLedger } from '../../core/db/schema/influencer.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { orderEvents, orders } from '../../core/db/schema/orders.ts';
import { createOrder, findOrder, transitionOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { refundOrder } from '../../core/payments/refunds.ts';
import { acceptReturn, openReturns, refuseReturn, requestReturn, returnsOfOrder, setReturnIban } from '../../core/returns/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, stockOf, type TestCustomer } from '../helpers/customers.ts';
import { waitForMail, type TestSmtp } from '../helpers/smtp.ts';
import { createTestHttp, userWithCookie, type TestHttp } from '../helpers/http.ts';
import { payInFull } from '../helpers/payments.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { openTestSuite } from '../helpers/suite.ts';
import { ACCESS_COOKIE, cookieName } from '../../core/accounts/cookies.ts';

let shop: Shop;
let api: ApiClient;
let smtp: TestSmtp;
let next = 0;
const ADMIN = 'admin-returns-test';
const DAY = 86_400_000;

beforeAll(async () => ({ shop, api, smtp } = await openTestSuite({ smtp: true })));
afterAll(() => shop?.close());

const mailTo = (email: string, subject: string) => waitForMail(smtp, email, subject);

/**
 * A paid order of `count` units (two lines when `lines` is 2), shipped `shippedDaysAgo` days ago
 * with Swiss Post (not shipped when null).
 */
async function shippedOrder(
  c: TestCustomer,
  opts: { method?: 'sandbox' | 'qr-bill'; count?: number; lines?: number; shippedDaysAgo?: number | null; code?: string; price?: number } = {},
): Promise<OrderWithLines> {
  for (let i = 0; i < (opts.lines ?? 1); i++) {
    const p = await productWith(shop, 40, opts.price ?? 6_000, next++);
    await addToCart(shop.db, c.id, p.id, opts.count ?? 2, c.id);
  }
  if (opts.code) expect((await api.post('/cart/promo', { userID: c.id, code: opts.code }, c.headers)).status).toBe(200);
  const method = opts.method ?? 'sandbox';
  const o = await createOrder(shop, { userId: c.id, paymentMethod: method });
  await payInFull(shop, o, method);
  const ago = opts.shippedDaysAgo === undefined ? 1 : opts.shippedDaysAgo;
  if (ago !== null) await shipOrder(shop, o.id, { carrier: 'swiss-post', trackingNumber: '99.00.123456.78901234' }, ADMIN, new Date(Date.now() - ago * DAY));
  return (await findOrder(shop.db, o.id))!;
}

/** A JPEG like a phone's: `megapixels` of noise (incompressible, so several MB). */
async function phonePhoto(megapixels = 12, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const raw = randomBytes(width * height * 3);
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'jpeg'
    ? img.jpeg({ quality: 92 }).toBuffer()
    : format === 'png'
      ? img.png({ compressionLevel: 1 }).toBuffer()
      : img.webp({ quality: 90 }).toBuffer();
}

const post = (c: TestCustomer, body: Record<string, unknown>) => api.post('/order/return', body, c.headers);

describe('POST /api/order/return: the rules', () => {
  it('accepts damaged goods for a shipped order: 201 in the contract shape, mail to the customer, visible in order/get and to the admin', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const res = await post(c, { orderID: o.id, reason: 'damaged', message: 'The box arrived crushed; two cigars are cracked.' });
    expect(res.status).toBe(201);
    expect(res.body.return).toEqual({ _id: expect.any(String), status: 'requested', reason: 'damaged', created_at: expect.any(String) });
    const [r] = await returnsOfOrder(shop.db, o.id);
    expect(r.lines).toEqual([{ lineId: o.lines[0].id, sku: o.lines[0].sku, name: o.lines[0].name, count: 2 }]);
    const mail = await mailTo(c.email, `We have received your return request for order ${o.code}`);
    expect(mail).toContain('reason: goods damaged');

    const got = await api.get(`/order/get?id=${o.code}`, c.headers);
    expect(got.status).toBe(200);
    expect(got.body.order.tracking).toEqual({
      carrier: 'swiss-post',
      number: '99.00.123456.78901234',
      url: 'https://service.post.ch/ekp-web/ui/entry/search/99.00.123456.78901234',
    });
    expect(got.body.order.returns).toEqual([res.body.return]);
    expect(got.body.order.documents).toEqual([{ kind: 'invoice', number: o.invoiceNumber, url: `/client/invoice?id=${o.code}` }]);
    const open = await openReturns(shop.db, 100);
    expect(open.latest.find((x) => x.id === r.id)).toMatchObject({ code: o.code, reason: 'damaged', customer: 'Anna Muster' });
  });

  it('refuses every reason but damaged and wrong_item, an empty message, an order not shipped yet, a second open return', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const other = await post(c, { orderID: o.id, reason: 'changed_mind', message: 'I prefer another cigar' });
    expect(other.status).toBe(400);
    expect(other.body.fields.reason).toMatch(/damaged|wrong item/i);
    const empty = await post(c, { orderID: o.id, reason: 'wrong_item', message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('message');

    const unshipped = await shippedOrder(c, { shippedDaysAgo: null });
    const early = await post(c, { orderID: unshipped.id, reason: 'damaged', message: 'Not here yet' });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/shipped/);

    expect((await post(c, { orderID: o.id, reason: 'wrong_item', message: 'Robusto instead of Churchill' })).status).toBe(201);
    const second = await post(c, { orderID: o.id, reason: 'damaged', message: 'And one more' });
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/already open/);
  });

  it('counts delivery as 3 days after shipping: shipped 9 days ago is in time, 11 days ago is too late', async () => {
    const c = await createCustomer(shop);
    const inTime = await shippedOrder(c, { shippedDaysAgo: 9 });
    expect((await post(c, { orderID: inTime.id, reason: 'damaged', message: 'Cracked wrapper' })).status).toBe(201);
    const late = await shippedOrder(c, { shippedDaysAgo: 11 });
    const res = await post(c, { orderID: late.id, reason: 'damaged', message: 'Cracked wrapper' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/7 days after delivery/);
  });

  it('a delivery marked by the shop counts from its own date: 6 days ago is in time, 8 days ago too late', async () => {
    const c = await createCustomer(shop);
    const mark = async (o: OrderWithLines, daysAgo: number) =>
      shop.db.transaction((tx) => transitionOrder(tx, o.id, 'delivered', `admin:${ADMIN}`, undefined, new Date(Date.now() - daysAgo * DAY)));
    const inTime = await shippedOrder(c, { shippedDaysAgo: 20 });
    await mark(inTime, 6);
    expect((await post(c, { orderID: inTime.code, reason: 'wrong_item', message: 'Wrong vitola' })).status).toBe(201);
    const late = await shippedOrder(c, { shippedDaysAgo: 9 });
    await mark(late, 8);
    expect((await post(c, { orderID: late.code, reason: 'wrong_item', message: 'Wrong vitola' })).status).toBe(400);
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, late.id));
    expect(events.map((e) => e.toStatus)).toContain('delivered');
  });

  it('returns some lines by SKU; refuses an unknown SKU, more units than ordered; someone else’s order is 404', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c, { lines: 2, count: 3 });
    const [a, b] = o.lines;
    const unknown = await post(c, { orderID: o.id, reason: 'damaged', message: 'x', lines: [{ sku: 'NO-SUCH-SKU', count: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.lines).toBeTruthy();
    const tooMany = await post(c, { orderID: o.id, reason: 'damaged', message: 'x', lines: [{ sku: a.sku, count: 4 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.lines).toMatch(/3/);
    const stranger = await createCustomer(shop);
    expect((await post(stranger, { orderID: o.id, reason: 'damaged', message: 'x' })).status).toBe(404);
    const ok = await post(c, { orderID: o.id, reason: 'damaged', message: 'Two of them broke', lines: [{ sku: b.sku, count: 2 }] });
    expect(ok.status).toBe(201);
    const [r] = await returnsOfOrder(shop.db, o.id);
    expect(r.lines).toEqual([{ lineId: b.id, sku: b.sku, name: b.name, count: 2 }]);
  });
});

describe('photos', () => {
  it('stores up to 3 real phone photos (JPEG, PNG, WebP; several MB each), upright and without metadata', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const jpeg = await phonePhoto(12, 'jpeg');
    expect(jpeg.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    expect(jpeg.byteLength).toBeLessThanOrEqual(15 * 1024 * 1024);
    const png = await phonePhoto(2, 'png');
    const webp = await phonePhoto(3, 'webp');
    const r = await requestReturn(shop, {
      orderId: o.id,
      userId: c.id,
      reason: 'damaged',
      message: 'Photos attached',
      photos: [{ bytes: jpeg, name: 'IMG_0001.jpg' }, { bytes: png }, { bytes: webp }],
    });
    expect(r.photos).toHaveLength(3);
    for (const p of r.photos) expect(p).toMatchObject({ contentType: 'image/jpeg', ext: 'jpg' });
  }, 60_000);

  it('refuses a 4th photo, a photo above 15 MB, and a file that is not a photo, with the field photos', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    const base = { orderId: o.id, userId: c.id, reason: 'damaged', message: 'Broken' };
    await expect(requestReturn(shop, { ...base, photos: [small, small, small, small].map((bytes) => ({ bytes })) })).rejects.toMatchObject({
      code: 'invalid',
      opts: { fields: { photos: { key: 'returns.photoTooMany' } } },
    });
    const big = Buffer.concat([await phonePhoto(1), Buffer.alloc(15 * 1024 * 1024)]);
    await expect(requestReturn(shop, { ...base, photos: [{ bytes: big, name: 'huge.jpg' }] })).rejects.toMatchObject({
      opts: { fields: { photos: { key: 'returns.photoTooLarge' } } },
    });
    await expect(requestReturn(shop, { ...base, photos: [{ bytes: Buffer.from('%PDF-1.7 not a photo'), name: 'x.pdf' }] })).rejects.toMatchObject({
      opts: { fields: { photos: { key: 'returns.photoNotImage' } } },
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(requestReturn(shop, { ...base, photos: [{ bytes: gif, name: 'x.gif' }] })).rejects.toMatchObject({
      opts: { fields: { photos: { key: 'returns.photoNotImage' } } },
    });
    expect(await returnsOfOrder(shop.db, o.id)).toEqual([]);
  }, 60_000);
});

describe('bank-transfer orders: the IBAN for the refund', () => {
  it('refuses an invalid IBAN, a foreign one and a QR-IBAN with their own messages; accepts a Swiss IBAN typed with spaces', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c, { method: 'qr-bill' });
    const base = { orderID: o.id, reason: 'damaged', message: 'Crushed box' };
    const bad = await post(c, { ...base, iban: 'CH93 0076 2011 6238 5295 8' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.iban).toMatch(/not valid/);
    const foreign = await post(c, { ...base, iban: 'DE89 3704 0044 0532 0130 00' });
    expect(foreign.body.fields.iban).toMatch(/Swiss or Liechtenstein/);
    const qr = await post(c, { ...base, iban: 'CH44 3199 9123 0008 8901 2' });
    expect(qr.status).toBe(400);
    expect(qr.body.fields.iban).toMatch(/QR-IBAN/);
    const ok = await post(c, { ...base, iban: 'ch93 0076 2011 6238 5295 7' });
    expect(ok.status).toBe(201);
    const [r] = await returnsOfOrder(shop.db, o.id);
    expect(r.iban).toBe('CH9300762011623852957');
  });

  it('an API return without IBAN asks for it in the mail; the admin cannot accept until the customer gives it', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c, { method: 'qr-bill' });
    expect((await post(c, { orderID: o.id, reason: 'wrong_item', message: 'Got a Robusto' })).status).toBe(201);
    const mail = await mailTo(c.email, `We have received your return request for order ${o.code}`);
    expect(mail).toContain('Please enter your IBAN');
    const [r] = await returnsOfOrder(shop.db, o.id);
    await expect(acceptReturn(shop, r.id, { restock: true }, ADMIN)).rejects.toMatchObject({ code: 'conflict', opts: { key: 'returns.ibanMissing' } });
    await expect(setReturnIban(shop, r.id, c.id, 'LI21 0881 0000 2324 013A A')).resolves.toMatchObject({ iban: 'LI21088100002324013AA' });
    const { refund } = await acceptReturn(shop, r.id, { restock: true }, ADMIN);
    expect(refund).toMatchObject({ provider: 'bank', amount: o.total });
    const accepted = await mailTo(c.email, `Your return for order ${o.code} has been accepted`);
    expect(accepted).toContain('LI21 0881 0000 2324 013A A');
  });
});

describe('the admin decides', () => {
  it('accepts: refund of the returned lines (after the promo share), credit note mailed as PDF, stock back, documents list the credit note', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c, { lines: 2, count: 2 });
    const [a, b] = o.lines;
    const stockA = await stockOf(shop, a.productId);
    expect((await post(c, { orderID: o.id, reason: 'damaged', message: 'One box crushed', lines: [{ sku: a.sku, count: 1 }] })).status).toBe(201);
    const [r] = await returnsOfOrder(shop.db, o.id);
    const { ret, refund } = await acceptReturn(shop, r.id, { restock: true }, ADMIN);
    expect(ret).toMatchObject({ status: 'accepted', refundId: refund.id, restock: true, decidedBy: ADMIN });
    expect(refund.amount).toBe(a.unitPrice);
    expect(refund.lines).toEqual([{ lineId: a.id, sku: a.sku, name: a.name, count: 1 }]);
    expect(await stockOf(shop, a.productId)).toBe(stockA + 1);
    const after = (await findOrder(shop.db, o.id))!;
    expect(after).toMatchObject({ refundedAmount: a.unitPrice, status: 'shipped', paymentStatus: 'paid' });
    const mail = await mailTo(c.email, `Your return for order ${o.code} has been accepted`);
    expect(mail).toContain(`credit-note-${refund.creditNoteNumber}.pdf`);
    expect(mail).toContain('Content-Type: application/pdf');
    const got = await api.get(`/order/get?id=${o.id}`, c.headers);
    expect(got.body.order.returns[0]).toMatchObject({ _id: r.id, status: 'accepted' });
    expect(got.body.order.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(got.body.order.documents[1].url).toBe(`/client/creditnote?no=${encodeURIComponent(refund.creditNoteNumber!)}`);
    await expect(acceptReturn(shop, r.id, { restock: true }, ADMIN)).rejects.toMatchObject({ code: 'conflict' });
    // the remaining units can still be returned
    const more = await post(c, { orderID: o.id, reason: 'damaged', message: 'the rest too' });
    expect(more.status).toBe(201);
    const [r2] = await returnsOfOrder(shop.db, o.id);
    expect(r2.lines).toEqual(
      [
        { lineId: a.id, sku: a.sku, name: a.name, count: 1 },
        { lineId: b.id, sku: b.sku, name: b.name, count: 2 },
      ].sort((x, y) => o.lines.findIndex((l) => l.id === x.lineId) - o.lines.findIndex((l) => l.id === y.lineId)),
    );
    await acceptReturn(shop, r2.id, { restock: false }, ADMIN);
    expect((await findOrder(shop.db, o.id))!).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', refundedAmount: o.total });
    const nothing = await post(c, { orderID: o.id, reason: 'damaged', message: 'again' });
    expect(nothing.status).toBe(400);
  });

  it('refuses with a reason the customer reads in the mail; an empty reason is refused', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    expect((await post(c, { orderID: o.id, reason: 'wrong_item', message: 'Not what I ordered' })).status).toBe(201);
    const [r] = await returnsOfOrder(shop.db, o.id);
    await expect(refuseReturn(shop, r.id, '  ', ADMIN)).rejects.toMatchObject({
      code: 'invalid',
      opts: { fields: { note: { key: 'returns.refuseNoteRequired' } } },
    });
    const refused = await refuseReturn(shop, r.id, 'The photos show the Churchill you ordered.', ADMIN);
    expect(refused).toMatchObject({ status: 'refused', decisionNote: 'The photos show the Churchill you ordered.' });
    const mail = await mailTo(c.email, `Your return for order ${o.code}`);
    expect(mail).toContain('Reason: The photos show the Churchill you ordered.');
    expect((await findOrder(shop.db, o.id))!.refundedAmount).toBe(0);
    expect((await openReturns(shop.db, 500)).latest.some((x) => x.id === r.id)).toBe(false);
  });
});

describe('a partial refund and the influencer bonus', () => {
  it('takes back the influencer bonus in proportion to the money refunded; a second refund of the rest takes back all of it', async () => {
    const inf = await createCustomer(shop, { role: 'Influencer' });
    const referral = (await setRole(shop.db, inf.id, 'Influencer')).referralCode!;
    const c = await createCustomer(shop);
    const o = await shippedOrder(c, { code: referral, count: 2, price: 20_000 });
    const earned = (await bonusBalance(shop.db, inf.id)).earned;
    expect(earned).toBeGreaterThan(0);
    const half = Math.round(o.paidAmount / 2);
    await refundOrder(shop, o.id, { amount: half, restock: false }, ADMIN);
    expect((await bonusBalance(shop.db, inf.id)).earned).toBe(earned - Math.round(earned / 2));
    await refundOrder(shop, o.id, { amount: o.paidAmount - half, restock: false }, ADMIN);
    expect((await bonusBalance(shop.db, inf.id)).earned).toBe(0);
    const reversed = await shop.db.select().from(bonusLedger).where(eq(bonusLedger.orderId, o.id));
    expect(reversed.filter((x) => x.kind === 'reversed').reduce((s, x) => s + x.amount, 0)).toBe(earned);
    expect((await findOrder(shop.db, o.id))!.status).toBe('refunded');
  });

  it('returns the bonus an influencer spent on their own order in proportion to a partial refund', async () => {
    const inf = await createCustomer(shop, { role: 'Influencer' });
    const referral = (await setRole(shop.db, inf.id, 'Influencer')).referralCode!;
    const buyer = await createCustomer(shop);
    await shippedOrder(buyer, { code: referral, count: 1, price: 50_000 });
    const available = (await bonusBalance(shop.db, inf.id)).available;
    const own = await shippedOrder(inf, { count: 2, price: 30_000 });
    expect(own.bonus).toBe(available);
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(0);
    await refundOrder(shop, own.id, { amount: Math.round(own.paidAmount / 4), restock: false }, ADMIN);
    expect((await bonusBalance(shop.db, inf.id)).available).toBe(Math.round(available / 4));
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, own.id));
    expect(row.refundedAmount).toBe(Math.round(own.paidAmount / 4));
  });
});

describe('the pages: order page, return form, documents and photos for their owner only', () => {
  let http: TestHttp;
  beforeAll(async () => {
    http = await createTestHttp(shop);
  });
  const cookieOf = (c: TestCustomer) => `${cookieName(ACCESS_COOKIE, shop.env)}=${c.token}`;

  it('shows tracking link, invoice, the return form; a multipart request with a phone photo creates the return; the photo is the owner’s and admins’ only', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const page = await http.fetch(`/client/historydetails?id=${o.code}`, { cookie: cookieOf(c) });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('https://service.post.ch/ekp-web/ui/entry/search/99.00.123456.78901234');
    expect(html).toContain(`/client/invoice?id=${o.code}`);
    expect(html).toContain('data-testid="return-form"');
    expect(html).not.toContain('data-testid="cancel-order"');

    const form = new FormData();
    form.set('intent', 'return');
    form.set('reason', 'damaged');
    form.set('message', "L'étui est arrivé écrasé, deux cigares sont fendus.");
    form.set(`line-${o.lines[0].id}`, '1');
    const photo = await phonePhoto(8);
    form.append('photos', new File([new Uint8Array(photo)], 'IMG_2041.JPG', { type: 'image/jpeg' }));
    const sent = await http.fetch(`/client/historydetails?id=${o.code}`, {
      method: 'POST',
      body: form,
      headers: { origin: 'http://shop.test' },
      cookie: cookieOf(c),
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe(`/client/historydetails?id=${o.code}&done=returned`);
    const [r] = await returnsOfOrder(shop.db, o.id);
    expect(r).toMatchObject({ reason: 'damaged', message: "L'étui est arrivé écrasé, deux cigares sont fendus.", status: 'requested' });
    expect(r.lines[0].count).toBe(1);
    expect(r.photos).toHaveLength(1);

    const url = `/client/returnphoto?r=${r.id}&p=${r.photos[0].id}`;
    const own = await http.fetch(url, { cookie: cookieOf(c) });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2000);
    expect(meta.exif).toBeUndefined();
    const stranger = await createCustomer(shop);
    expect((await http.fetch(url, { cookie: cookieOf(stranger) })).status).toBe(404);
    const admin = await userWithCookie(shop, 'Admin');
    expect((await http.fetch(url, { cookie: admin.cookie })).status).toBe(200);
    const after = await (await http.fetch(`/client/historydetails?id=${o.code}&done=returned`, { cookie: cookieOf(c) })).text();
    expect(after).toContain('data-testid="return-status"');
    expect(after).toContain('Requested');
  }, 60_000);

  it('a refused IBAN comes back on the form with its message, in the visitor’s language', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c, { method: 'qr-bill' });
    const form = new FormData();
    form.set('intent', 'return');
    form.set('reason', 'wrong_item');
    form.set('message', 'Falscher Artikel');
    form.set('iban', 'CH44 3199 9123 0008 8901 2');
    const res = await http.fetch(`/client/historydetails?id=${o.code}`, {
      method: 'POST',
      body: form,
      headers: { origin: 'http://shop.test', 'accept-language': 'de-CH' },
      cookie: `${cookieOf(c)}; lang=de`,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('QR-IBAN');
    expect(await returnsOfOrder(shop.db, o.id)).toEqual([]);
  });

  it('credit notes and the invoice of a refunded order download for the owner (session or token), 404 for anyone else', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    expect((await post(c, { orderID: o.id, reason: 'damaged', message: 'All broken' })).status).toBe(201);
    const [r] = await returnsOfOrder(shop.db, o.id);
    const { refund } = await acceptReturn(shop, r.id, { restock: true }, ADMIN);
    const got = await api.get(`/order/get?id=${o.id}`, c.headers);
    const docs = got.body.order.documents as { kind: string; url: string }[];
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    for (const d of docs) {
      const mine = await http.fetch(d.url, { cookie: cookieOf(c) });
      expect(mine.status, d.url).toBe(200);
      expect(mine.headers.get('content-type')).toBe('application/pdf');
      expect((await http.fetch(d.url, { headers: { accestoken: c.token } })).status).toBe(200);
      const stranger = await createCustomer(shop);
      expect((await http.fetch(d.url, { cookie: cookieOf(stranger) })).status).toBe(404);
      expect((await http.fetch(d.url, { headers: { accestoken: stranger.token } })).status).toBe(404);
    }
    const pdf = Buffer.from(await (await http.fetch(docs[1].url, { cookie: cookieOf(c) })).arrayBuffer());
    expect((await pdfText(pdf)).join(' ')).toContain(refund.creditNoteNumber);
    expect((await http.fetch('/client/creditnote?no=NOPE-C1', { cookie: cookieOf(c) })).status).toBe(404);
  });

  it('cancels from the page while unpaid; the cancel button is gone once paid', async () => {
    const c = await createCustomer(shop);
    const p = await productWith(shop, 30, 3_000, next++);
    await addToCart(shop.db, c.id, p.id, 2, c.id);
    const o = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
    const page = await (await http.fetch(`/client/historydetails?id=${o.code}`, { cookie: cookieOf(c) })).text();
    expect(page).toContain('data-testid="cancel-order"');
    expect(page).toContain('data-testid="return-unavailable"');
    const res = await http.postForm(`/client/historydetails?id=${o.code}`, { intent: 'cancel' }, cookieOf(c));
    expect(res.status).toBe(302);
    expect((await findOrder(shop.db, o.id))!.status).toBe('cancelled');
    expect(await stockOf(shop, p.id)).toBe(30);
    const again = await http.postForm(`/client/historydetails?id=${o.code}`, { intent: 'cancel' }, cookieOf(c));
    expect(again.status).toBe(409);
  });
});
