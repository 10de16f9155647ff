/**
 * The return form as a memory and CPU sink, refused (on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL): the order and the right to return it are checked before the request's body is
 * read (a body that cannot even be parsed gets the order's answer, not a parse failure) and a
 * form without photos is read up to 64 KB only; return requests are rate-limited per customer;
 * a photo's pixels are read from its header and one above MAX_PHOTO_PIXELS (a 10,000 x 10,000
 * "PNG bomb" of 12 KB) is refused with its own message in the visitor's language, before any
 * photo is decoded; the admin's product photo upload has the same cap. A real 12-megapixel phone
 * JPEG of more than 5 MB still goes through.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import { addToCart } from '../../core/cart/service.ts';
import { MAX_PHOTO_PIXELS, renderPhoto } from '../../core/catalogue/photos.ts';
import { shipOrder } from '../../core/orders/admin.ts';
import { createOrder, findOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { requestReturn, returnsOfOrder } from '../../core/returns/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import type { TestHttp } from '../helpers/http.ts';
import { payInFull } from '../helpers/payments.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let http: TestHttp;
let next = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ shop, api, http } = await openTestSuite({ http: true }));
});
afterAll(() => shop?.close());

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A 1-bit greyscale PNG of `width` x `height` black pixels: a few KB however many pixels it has
 * (the review's "PNG bomb"). With `idat`, that data instead of the pixels (a valid header over
 * an undecodable image).
 */
function blackPng(width: number, height: number, idat?: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const pixels = idat ?? zlib.deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG like a phone's: 12 megapixels (4000 x 3000) of noise, so several MB. */
async function phonePhoto(): Promise<Buffer> {
  return sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A paid order, shipped `shippedDaysAgo` days ago (not shipped when null). */
async function shippedOrder(c: TestCustomer, shippedDaysAgo: number | null = 1): Promise<OrderWithLines> {
  const p = await productWith(shop, 40, 6_000, next++);
  await addToCart(shop.db, c.id, p.id, 2, c.id);
  const o = await createOrder(shop, { userId: c.id, paymentMethod: 'sandbox' });
  await payInFull(shop, o, 'sandbox');
  if (shippedDaysAgo !== null)
    await shipOrder(
      shop,
      o.id,
      { carrier: 'swiss-post', trackingNumber: '99.00.123456.78901234' },
      'admin-abuse-test',
      new Date(Date.now() - shippedDaysAgo * DAY),
    );
  return (await findOrder(shop.db, o.id))!;
}

const cookieOf = (c: TestCustomer, lang = 'en') => `${cookieName(ACCESS_COOKIE, shop.env)}=${c.token}; lang=${lang}`;

/** Posts a body to the customer's order page as a browser's form would. */
function postPage(c: TestCustomer, code: string, body: BodyInit, headers: Record<string, string> = {}, lang = 'en') {
  return http.fetch(`/client/historydetails?id=${code}`, {
    method: 'POST',
    body,
    headers: { origin: 'http://shop.test', ...headers },
    cookie: cookieOf(c, lang),
  });
}

/** The return form with these photos. */
function returnForm(photos: { bytes: Buffer; name: string; type?: string }[]): FormData {
  const form = new FormData();
  form.set('intent', 'return');
  form.set('reason', 'damaged');
  form.set('message', 'The box arrived crushed.');
  for (const p of photos) form.append('photos', new File([new Uint8Array(p.bytes)], p.name, { type: p.type ?? 'image/png' }));
  return form;
}

/** A multipart body that no parser accepts (no boundary in it), of `size` random bytes. */
const garbage = (size: number) => ({ body: new Uint8Array(randomBytes(size)), headers: { 'content-type': 'multipart/form-data; boundary=never-sent' } });

describe('the order and the right to return are checked before the body is read', () => {
  it('a customer without that order gets 404 for a multipart body that could not even be parsed', async () => {
    const mallory = await createCustomer(shop);
    const g = garbage(3 * 1024 * 1024);
    const res = await postPage(mallory, 'NOPE0000', g.body, g.headers);
    expect(res.status).toBe(404);
    const someoneElses = await shippedOrder(await createCustomer(shop));
    const other = await postPage(mallory, someoneElses.code, g.body, g.headers);
    expect(other.status).toBe(404);
    expect(await returnsOfOrder(shop.db, someoneElses.id)).toEqual([]);
  });

  it('an order that cannot be returned (not shipped, window closed) gets its message, the body unparsed', async () => {
    const c = await createCustomer(shop);
    const g = garbage(2 * 1024 * 1024);
    const unshipped = await shippedOrder(c, null);
    const early = await postPage(c, unshipped.code, g.body, g.headers);
    expect(early.status).toBe(400);
    expect(await early.text()).toContain('once the order has been shipped');
    const late = await shippedOrder(c, 20);
    const closed = await postPage(c, late.code, g.body, g.headers, 'de');
    expect(closed.status).toBe(400);
    expect(await closed.text()).toContain('7 Tage');
  });

  it('reads a form without photos (cancel, IBAN) only up to 64 KB, whatever the route’s upload limit', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const big = new URLSearchParams({ intent: 'iban', returnId: 'x', iban: 'CH93 0076 2011 6238 5295 7', padding: 'x'.repeat(64 * 1024) });
    const res = await postPage(c, o.code, big.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This text is too long.');
  });

  it('limits return requests per customer: the 11th in an hour is refused with 429 before its body is read', async () => {
    const c = await createCustomer(shop);
    const unshipped = await shippedOrder(c, null);
    const g = garbage(64 * 1024 + 1);
    for (let i = 0; i < 10; i++) expect((await postPage(c, unshipped.code, g.body, g.headers)).status).toBe(400);
    const o = await shippedOrder(c);
    const refused = await postPage(c, o.code, returnForm([{ bytes: blackPng(10, 10), name: 'a.png' }]));
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many attempts/);
    expect(await returnsOfOrder(shop.db, o.id)).toEqual([]);
  });

  it('limits the API’s return requests per customer the same way', async () => {
    const c = await createCustomer(shop);
    const unshipped = await shippedOrder(c, null);
    const send = (orderID: string) => api.post('/order/return', { orderID, reason: 'damaged', message: 'Broken' }, c.headers);
    for (let i = 0; i < 10; i++) expect((await send(unshipped.id)).status).toBe(400);
    const o = await shippedOrder(c);
    const refused = await send(o.id);
    expect(refused.status).toBe(429);
    expect(await returnsOfOrder(shop.db, o.id)).toEqual([]);
  });
});

describe('the pixel cap, read from the header before any photo is decoded', () => {
  it('refuses two 10,000 x 10,000 PNGs and an SVG (the review’s attack) with "too many pixels"; no return is created', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const bomb = blackPng(10_000, 10_000);
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const res = await postPage(
      c,
      o.code,
      returnForm([
        { bytes: bomb, name: 'a.png' },
        { bytes: bomb, name: 'b.png' },
        { bytes: svg, name: 'x.svg', type: 'image/svg+xml' },
      ]),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`The photo a.png has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`);
    expect(await returnsOfOrder(shop.db, o.id)).toEqual([]);
  });

  it('a 20,000 x 20,000 PNG gets "too many pixels" in the visitor’s language, not "not an image"', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const res = await postPage(c, o.code, returnForm([{ bytes: blackPng(20_000, 20_000), name: 'riesig.png' }]), {}, 'de');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Das Foto riesig.png hat mehr als 40 Megapixel');
    expect(html).not.toContain('kein JPEG');
  });

  it('checks every photo before decoding any: a bad photo after an undecodable one is what is reported', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    // a valid header over pixels that cannot be decoded: refused only when decoded
    const undecodable = blackPng(100, 100, randomBytes(200));
    const base = { orderId: o.id, userId: c.id, reason: 'damaged', message: 'Broken' };
    await expect(requestReturn(shop, { ...base, photos: [{ bytes: undecodable, name: 'first.png' }] })).rejects.toMatchObject({
      opts: { fields: { photos: { key: 'returns.photoNotImage', params: { name: 'first.png' } } } },
    });
    await expect(
      requestReturn(shop, {
        ...base,
        photos: [
          { bytes: undecodable, name: 'first.png' },
          { bytes: blackPng(8000, 6000), name: 'second.png' },
        ],
      }),
    ).rejects.toMatchObject({ opts: { fields: { photos: { key: 'returns.photoTooManyPixels', params: { name: 'second.png', mp: 40 } } } } });
    await expect(
      requestReturn(shop, {
        ...base,
        photos: [
          { bytes: undecodable, name: 'first.png' },
          { bytes: Buffer.from('GIF89a'), name: 'second.gif' },
        ],
      }),
    ).rejects.toMatchObject({ opts: { fields: { photos: { key: 'returns.photoNotImage', params: { name: 'second.gif' } } } } });
    expect(await returnsOfOrder(shop.db, o.id)).toEqual([]);
  });

  it('decodes the photos of parallel requests one request after the other; a refused one does not hold up the next', async () => {
    const customers = await Promise.all([createCustomer(shop), createCustomer(shop), createCustomer(shop)]);
    const orders: OrderWithLines[] = [];
    for (const c of customers) orders.push(await shippedOrder(c));
    const good = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6b4226' } })
      .png()
      .toBuffer();
    const undecodable = blackPng(100, 100, randomBytes(200));
    const ask = (i: number, bytes: Buffer) =>
      requestReturn(shop, { orderId: orders[i].id, userId: customers[i].id, reason: 'damaged', message: 'Broken', photos: [{ bytes, name: `p${i}.png` }] });
    const [first, second, third] = await Promise.allSettled([ask(0, good), ask(1, undecodable), ask(2, good)]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { photos: [expect.anything()] } });
    expect(second).toMatchObject({ status: 'rejected', reason: { opts: { fields: { photos: { key: 'returns.photoNotImage' } } } } });
    expect(third).toMatchObject({ status: 'fulfilled', value: { photos: [expect.anything()] } });
  }, 60_000);

  it('a real 12-megapixel phone JPEG of more than 5 MB still creates the return through the page', async () => {
    const c = await createCustomer(shop);
    const o = await shippedOrder(c);
    const photo = await phonePhoto();
    expect(photo.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    expect(photo.byteLength).toBeLessThanOrEqual(15 * 1024 * 1024);
    const res = await postPage(c, o.code, returnForm([{ bytes: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' }]));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/client/historydetails?id=${o.code}&done=returned`);
    const [r] = await returnsOfOrder(shop.db, o.id);
    expect(r.photos).toHaveLength(1);
  }, 60_000);

  it('the admin’s product photo upload has the same cap, with its own message, also for a 20,000 x 20,000 PNG', async () => {
    for (const [w, h] of [
      [8000, 6000],
      [20_000, 20_000],
    ])
      await expect(renderPhoto(shop.env, blackPng(w, h))).rejects.toMatchObject({
        code: 'invalid',
        opts: { key: 'photoTooManyPixels', params: { mp: 40 }, fields: { photo: { key: 'adminshop:inputs.photoTooManyPixels' } } },
      });
    const ok = await renderPhoto(shop.env, await phonePhoto());
    expect(ok.widths).toEqual([320, 640, 1280]);
  }, 60_000);
});
