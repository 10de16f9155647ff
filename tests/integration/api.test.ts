/**
 * The JSON API calls as docs/api.md says, through the
 * real Hono API on a real database; bad input to each gets a 4xx `{ message, fields? }`, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAnonymousCartId } from '../../core/cart/service.ts';
import { DEFAULT_SETTINGS } from '../../core/config/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { productBySku } from '../helpers/catalogue.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
let hemingway: string;
let opusx: string;
let opusxDouble: string;
let chateau: string;

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
  hemingway = (await productBySku(shop, 'AF-HEM-SS-S1')).id;
  opusx = (await productBySku(shop, 'AF-OPX-ROB-S1')).id;
  opusxDouble = (await productBySku(shop, 'AF-OPX-DRB-S1')).id;
  chateau = (await productBySku(shop, 'AF-GR-CHAT-P5')).id;
});
afterAll(() => shop?.close());

/** Asserts the contract's error shape and status. */
function expectError(res: { status: number; body: any }, status: number, fields?: Record<string, string | RegExp>) {
  expect(res.status).toBe(status);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  if (fields) for (const [k, v] of Object.entries(fields)) expect(res.body.fields?.[k]).toMatch(v);
}

describe('GET /api/configuration/configurations', () => {
  it('answers the specification object plus the shop settings, money in CHF', async () => {
    const res = await api.get('/configuration/configurations');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // the seeded settings as they are, money and the VAT rate converted
    const { dir, whatsapp, email, telegram, facebook, instagram, promotionalInfo, companyName, vatNumber } = DEFAULT_SETTINGS;
    expect(res.body).toEqual({
      dir,
      whatsapp,
      email,
      telegram,
      facebook,
      instagram,
      shop_closed: false,
      promotionalInfo,
      companyName,
      vatNumber,
      vatRate: 8.1,
      shippingFee: 9,
      freeShippingThreshold: 150,
      deliverLiechtenstein: false,
      timeZone: 'Europe/Zurich',
      currency: 'CHF',
      brand: { name: 'Casa del Tabaco', logo: null },
    });
  });

  it('ignores a query string and answers 404 JSON for unknown calls', async () => {
    expect((await api.get('/configuration/configurations?x=1')).status).toBe(200);
    expectError(await api.get('/configuration/nope'), 404);
    expectError(await api.post('/configuration/configurations', {}), 404);
  });
});

describe('POST /api/product/searchProducts', () => {
  it('answers { products: [{ _id, name, packaging }] }, best match first', async () => {
    const res = await api.post('/product/searchProducts', { searchOptions: { searchName: 'fuentte' } });
    expect(res.status).toBe(200);
    expect(res.body.products.length).toBeGreaterThan(0);
    for (const p of res.body.products) {
      expect(Object.keys(p).sort()).toEqual(['_id', 'name', 'packaging']);
      expect(p.name).toMatch(/Fuente/);
    }
    const opus = await api.post('/product/searchProducts', { searchOptions: { searchName: 'OpusX Robusto' } });
    expect(opus.body.products[0]).toEqual({ _id: opusx, name: 'Fuente Fuente OpusX Robusto', packaging: 'Single' });
  });

  it('finds nothing for unrelated text', async () => {
    const res = await api.post('/product/searchProducts', { searchOptions: { searchName: 'zzzqqq' } });
    expect(res).toMatchObject({ status: 200, body: { products: [] } });
  });

  it('refuses an empty query, missing fields, wrong types and malformed JSON with 400', async () => {
    expectError(await api.post('/product/searchProducts', { searchOptions: { searchName: '' } }), 400, { 'searchOptions.searchName': 'The field is required' });
    expectError(await api.post('/product/searchProducts', { searchOptions: { searchName: '   ' } }), 400, {
      'searchOptions.searchName': 'The field is required',
    });
    expectError(await api.post('/product/searchProducts', { searchOptions: {} }), 400, { 'searchOptions.searchName': 'The field is required' });
    expectError(await api.post('/product/searchProducts', {}), 400, { searchOptions: 'The field is required' });
    expectError(await api.post('/product/searchProducts', { searchOptions: { searchName: 42 } }), 400, {
      'searchOptions.searchName': 'This value is not valid',
    });
    expectError(await api.post('/product/searchProducts', { searchOptions: { searchName: 'x'.repeat(101) } }), 400, { 'searchOptions.searchName': /.+/ });
    expectError(await api.post('/product/searchProducts', []), 400);
    expectError(await api.post('/product/searchProducts', 'fuente'), 400);
    expectError(await api.post('/product/searchProducts', null), 400);
    expectError(await api.raw('/product/searchProducts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"searchOptions":' }), 400);
    expectError(await api.raw('/product/searchProducts', { method: 'POST', body: 'searchName=fuente' }), 400);
    expectError(await api.get('/product/searchProducts'), 404);
  });
});

describe('GET /api/product/list and /api/product/get', () => {
  it('lists products sorted, filtered and paged, money in CHF', async () => {
    const res = await api.get('/product/list?sort=price-asc&category=cigar&page=2&pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 54, page: 2, pageSize: 5, pageCount: 11 });
    expect(res.body.products).toHaveLength(5);
    const prices = res.body.products.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const p of res.body.products) expect(p.category).toBe('cigar');
  });

  it('includes out-of-stock products, marked', async () => {
    const res = await api.get('/product/list?pageSize=100');
    expect(res.body.total).toBe(72);
    const out = res.body.products.find((p: { _id: string }) => p._id === opusxDouble);
    expect(out).toMatchObject({ stock: 0, in_stock: false });
  });

  it('answers one product with every field and the description in the asked language', async () => {
    const res = await api.get(`/product/get?id=${chateau}&lang=de`);
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({
      _id: chateau,
      sku: 'AF-GR-CHAT-P5',
      category: 'cigar',
      brand: 'Arturo Fuente',
      name: 'Arturo Fuente Chateau Fuente Natural (Pack of 5)',
      packaging: 'Pack of 5',
      base_price: 52.5,
      discount_percent: 10,
      price: 47.25,
      in_stock: true,
      images: [],
    });
    expect(res.body.product.description).toMatch(/[äöüß]|mit|und/);
    const en = await api.get(`/product/get?id=${chateau}`);
    expect(en.body.product.description).not.toBe(res.body.product.description);
  });

  it('answers 404 for an unknown product and 400 for bad queries', async () => {
    expectError(await api.get('/product/get?id=nope'), 404);
    expectError(await api.get('/product/get'), 400, { id: 'The field is required' });
    expectError(await api.get('/product/get?id='), 400, { id: 'The field is required' });
    expectError(await api.get(`/product/get?id=${'x'.repeat(65)}`), 400, { id: /.+/ });
    expectError(await api.get('/product/list?sort=cheapest'), 400, { sort: /.+/ });
    expectError(await api.get('/product/list?category=cigars'), 400, { category: /.+/ });
    expectError(await api.get('/product/list?strength=Strong'), 400, { strength: /.+/ });
    expectError(await api.get('/product/list?page=0'), 400, { page: /.+/ });
    expectError(await api.get('/product/list?page=abc'), 400, { page: /.+/ });
    expectError(await api.get('/product/list?pageSize=1000'), 400, { pageSize: /.+/ });
  });
});

describe('cart calls', () => {
  it('GET /api/cart/carts answers an empty cart for a new anonymous id', async () => {
    const res = await api.get(`/cart/carts?userID=${newAnonymousCartId()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      products: [],
      promo: { promoDiscount: 0, code: null },
      bonus: { bonus: 0 },
      subtotal: 0,
      order_price: 0,
      shipping: { fee: 0, freeFrom: 150, remaining: 150 },
    });
  });

  it('POST /api/cart/addProduct adds and answers { cart: { products } }; carts shows prices in CHF', async () => {
    const userID = newAnonymousCartId();
    const res = await api.post('/cart/addProduct', { productID: chateau, userID, count: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cart: {
        products: [
          {
            count: 2,
            product_data: {
              _id: chateau,
              name: 'Arturo Fuente Chateau Fuente Natural (Pack of 5)',
              images: [],
              base_price: 52.5,
              discount_percent: 10,
              packaging: 'Pack of 5',
            },
          },
        ],
      },
    });
    const again = await api.post('/cart/addProduct', { productID: chateau, userID, count: 1 });
    expect(again.body.cart.products[0].count).toBe(3);
    await api.post('/cart/addProduct', { productID: hemingway, userID, count: 1 });
    const cart = await api.get(`/cart/carts?userID=${userID}`);
    expect(cart.status).toBe(200);
    expect(cart.body.products.map((p: any) => [p.product_data._id, p.count])).toEqual([
      [chateau, 3],
      [hemingway, 1],
    ]);
    // 3 x 47.25 + 13.50
    expect(cart.body).toMatchObject({ subtotal: 155.25, order_price: 155.25, promo: { promoDiscount: 0 }, bonus: { bonus: 0 } });
  });

  it('POST /api/cart/addProduct answers 409 with a message when stock is short', async () => {
    const userID = newAnonymousCartId();
    expect((await api.post('/cart/addProduct', { productID: opusx, userID, count: 8 })).status).toBe(200);
    const res = await api.post('/cart/addProduct', { productID: opusx, userID, count: 1 });
    expectError(res, 409);
    expect(res.body.message).toBe('Only 8 of Fuente Fuente OpusX Robusto in stock.');
    expectError(await api.post('/cart/addProduct', { productID: opusxDouble, userID, count: 1 }), 409);
    const cart = await api.get(`/cart/carts?userID=${userID}`);
    expect(cart.body.products.map((p: any) => p.count)).toEqual([8]);
  });

  it('translates the stock message to the request language', async () => {
    const userID = newAnonymousCartId();
    const res = await api.post('/cart/addProduct', { productID: opusxDouble, userID, count: 1 }, { 'accept-language': 'de-CH,de;q=0.9' });
    expectError(res, 409);
    expect(res.body.message).toMatch(/OpusX Double Robusto/);
  });

  it('POST /api/cart/delete removes the line and answers the rest', async () => {
    const userID = newAnonymousCartId();
    await api.post('/cart/addProduct', { productID: opusx, userID, count: 1 });
    await api.post('/cart/addProduct', { productID: hemingway, userID, count: 2 });
    const res = await api.post('/cart/delete', { productID: opusx, userID });
    expect(res.status).toBe(200);
    expect(res.body.cart.products.map((p: any) => [p.product_data._id, p.count])).toEqual([[hemingway, 2]]);
    const again = await api.post('/cart/delete', { productID: opusx, userID });
    expect(again.status).toBe(200);
    expect(again.body.cart.products).toHaveLength(1);
  });

  it('refuses short, long or malformed anonymous ids with 400', async () => {
    for (const userID of [
      'short',
      'a'.repeat(21),
      'a'.repeat(65),
      'spaces are not allowed in it',
      'ümlaut-ümlaut-ümlaut-ümlaut',
      '../../etc/passwd/aaaaaaaaaaaa',
    ]) {
      expectError(await api.get(`/cart/carts?userID=${encodeURIComponent(userID)}`), 400, { userID: /.+/ });
      expectError(await api.post('/cart/addProduct', { productID: hemingway, userID, count: 1 }), 400, { userID: /.+/ });
      expectError(await api.post('/cart/delete', { productID: hemingway, userID }), 400, { userID: /.+/ });
    }
  });

  it('refuses missing fields with "The field is required"', async () => {
    expectError(await api.get('/cart/carts'), 400, { userID: 'The field is required' });
    expectError(await api.get('/cart/carts?userID='), 400, { userID: 'The field is required' });
    expectError(await api.post('/cart/addProduct', {}), 400, {
      productID: 'The field is required',
      userID: 'The field is required',
      count: 'The field is required',
    });
    expectError(await api.post('/cart/delete', {}), 400, { productID: 'The field is required', userID: 'The field is required' });
  });

  it('refuses wrong types and bad counts with 400', async () => {
    const userID = newAnonymousCartId();
    for (const count of [0, -1, 1.5, 1000, 1e12, '2', null, true]) {
      expectError(await api.post('/cart/addProduct', { productID: hemingway, userID, count }), 400, { count: /.+/ });
    }
    expectError(await api.post('/cart/addProduct', { productID: 5, userID, count: 1 }), 400, { productID: /.+/ });
    expectError(await api.post('/cart/addProduct', { productID: hemingway, userID: ['a'], count: 1 }), 400, { userID: /.+/ });
    expectError(await api.post('/cart/delete', { productID: { $ne: 1 }, userID }), 400, { productID: /.+/ });
    expect((await api.get(`/cart/carts?userID=${userID}`)).body.products).toEqual([]);
  });

  it('refuses malformed JSON and non-JSON bodies with 400', async () => {
    expectError(await api.raw('/cart/addProduct', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"productID":' }), 400);
    expectError(await api.raw('/cart/delete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' }), 400);
    expectError(await api.raw('/cart/addProduct', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }), 400);
  });

  it('refuses oversized bodies with 413 before reading them', async () => {
    const userID = newAnonymousCartId();
    const big = JSON.stringify({ productID: hemingway, userID, count: 1, pad: 'x'.repeat(20_000) });
    expectError(await api.raw('/cart/addProduct', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }), 413);
    expectError(await api.raw('/product/searchProducts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }), 413);
    expect((await api.get(`/cart/carts?userID=${userID}`)).body.products).toEqual([]);
  });

  it('answers 404 for an unknown product', async () => {
    const userID = newAnonymousCartId();
    expectError(await api.post('/cart/addProduct', { productID: 'no-such-product', userID, count: 1 }), 404);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every call of the API', async () => {
    const res = await api.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.servers).toEqual([{ url: 'http://shop.test/api' }]);
    const paths = res.body.paths;
    expect(paths['/configuration/configurations'].get).toBeDefined();
    expect(paths['/product/searchProducts'].post.requestBody.content['application/json'].schema.properties.searchOptions).toBeDefined();
    expect(paths['/product/list'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['sort', 'category', 'strength', 'page', 'pageSize']),
    );
    expect(paths['/product/get'].get.parameters.find((p: { name: string }) => p.name === 'id').required).toBe(true);
    expect(paths['/cart/carts'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['userID']);
    expect(paths['/cart/addProduct'].post.requestBody.content['application/json'].schema.required).toEqual(['productID', 'userID', 'count']);
    expect(paths['/cart/addProduct'].post.responses['409']).toBeDefined();
    expect(paths['/cart/delete'].post).toBeDefined();
  });
});
