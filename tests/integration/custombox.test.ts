/**
 * Custom box builder: validation, the cart line, stock taken by the order and given
 * back on expiry, concurrency, the API contract shapes and the admin's box models. On PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../core/db/schema/audit.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { getCart, mergeCarts, newAnonymousCartId } from '../../core/cart/service.ts';
import { customBoxModels } from '../../core/db/schema/custom-box.ts';
import { listBoxModels, saveBoxModel } from '../../core/custom-box/service.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { expireDueOrders } from '../../core/orders/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer, stockOf } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
/** Single cigars of the catalogue, by SKU. */
let singles: { id: string; name: string; sku: string }[];

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
  singles = await shop.db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(and(eq(products.category, 'cigar'), eq(products.unitsPerPackage, 1)))
    .orderBy(products.sku);
});
afterAll(() => shop?.close());

/** Sets stock and price (Rappen, no discount) of the singles at `from`..`from+n-1`. */
async function cigars(from: number, n: number, stock: number, price = 1000) {
  const chosen = singles.slice(from, from + n);
  for (const c of chosen) await shop.db.update(products).set({ stock, basePrice: price, discountPercent: 0, active: true }).where(eq(products.id, c.id));
  return chosen;
}
const itemsOf = (cs: { id: string }[], count = 1) => cs.map((c) => ({ productID: c.id, count }));

describe('custombox/options', () => {
  it('lists the seeded box models and only single cigars in stock, in the contract shape', async () => {
    const res = await api.get('/custombox/options');
    expect(res.status).toBe(200);
    expect(res.body.minVarieties).toBe(5);
    expect(res.body.maxCigars).toBe(25);
    expect(res.body.boxes.map((b: { capacity: number }) => b.capacity)).toEqual([5, 10, 20, 25]);
    expect(res.body.boxes[0]).toEqual({ _id: 'cedar-5', name: 'Cedar box for 5', capacity: 5, price: 15, images: [{ path: '/images/custombox/cedar.svg' }] });
    const v = res.body.varieties;
    expect(v.length).toBeGreaterThan(30);
    for (const x of v) {
      expect(x.stock).toBeGreaterThan(0);
      expect(['Single', 'Tubo']).toContain(x.packaging);
      expect(Object.keys(x)).toEqual(expect.arrayContaining(['_id', 'name', 'packaging', 'price', 'stock', 'strength', 'vitola']));
    }
    const doc = (await api.get('/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/custombox/options', '/custombox/create']));
    expect(doc.paths['/custombox/create'].post.responses).toHaveProperty('409');
    const zero = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.category, 'cigar'), eq(products.stock, 0)));
    for (const z of zero) expect(v.map((x: { _id: string }) => x._id)).not.toContain(z.id);
  });
});

describe('custombox/create validation', () => {
  it("refuses 4 varieties with the specification's text, accepts 5 as ONE cart line priced box + cigars", async () => {
    const cs = await cigars(0, 5, 50, 1250);
    const userID = newAnonymousCartId();
    const four = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: itemsOf(cs.slice(0, 4)) });
    expect(four.status).toBe(400);
    expect(four.body).toEqual({ message: 'A minimum of 5 cigars is required', fields: { items: 'A minimum of 5 cigars is required' } });
    // the same variety twice is still one variety
    const dup = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: [...itemsOf(cs.slice(0, 4)), { productID: cs[0].id, count: 1 }] });
    expect(dup.status).toBe(400);
    const de = await api.post('/custombox/create?lang=de', { userID, boxID: 'cedar-5', items: itemsOf(cs.slice(0, 4)) });
    expect(de.body.message).toBe('Es sind mindestens 5 Zigarren erforderlich');

    const five = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: itemsOf(cs), message: 'For Marco, 40 years', messageKind: 'card' });
    expect(five.status).toBe(201);
    expect(five.body.cart.products).toHaveLength(1);
    const line = five.body.cart.products[0];
    expect(line.count).toBe(1);
    expect(line.product_data).toMatchObject({
      _id: five.body.lineID,
      name: 'Cedar box for 5',
      base_price: 15 + 5 * 12.5,
      discount_percent: 0,
      packaging: 'Custom box',
    });
    expect(line.product_data.box).toEqual({
      boxID: 'cedar-5',
      capacity: 5,
      box_price: 15,
      items: cs.map((c) => ({ productID: c.id, name: c.name, count: 1, unit_price: 12.5 })),
      message: 'For Marco, 40 years',
      message_kind: 'card',
    });
    const carts = await api.get(`/cart/carts?userID=${userID}`);
    expect(carts.body.subtotal).toBe(77.5);
    expect(carts.body.order_price).toBe(77.5);
    // removed with cart/delete and its line id
    const del = await api.post('/cart/delete', { userID, productID: five.body.lineID });
    expect(del.body.cart.products).toEqual([]);
  });

  it("applies each cigar's own discount inside the box (ADR 008)", async () => {
    const cs = await cigars(5, 5, 50, 2000);
    await shop.db.update(products).set({ discountPercent: 10 }).where(eq(products.id, cs[0].id));
    const res = await api.post('/custombox/create', { userID: newAnonymousCartId(), boxID: 'cedar-10', items: itemsOf(cs, 2) });
    expect(res.status).toBe(201);
    // 24.00 box + 2 x 18.00 + 8 x 20.00
    expect(res.body.cart.products[0].product_data.base_price).toBe(24 + 36 + 160);
  });

  it('refuses more cigars than the box holds, unknown boxes and varieties, non-single cigars, bad counts', async () => {
    const cs = await cigars(10, 5, 50);
    const userID = newAnonymousCartId();
    const over = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: [...itemsOf(cs.slice(0, 4)), { productID: cs[4].id, count: 2 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('This box holds at most 5 cigars; you chose 6.');
    expect(over.body.fields).toHaveProperty('items');
    const unknownBox = await api.post('/custombox/create', { userID, boxID: 'no-such-box', items: itemsOf(cs) });
    expect(unknownBox.status).toBe(400);
    expect(unknownBox.body.fields).toHaveProperty('boxID');
    const unknown = await api.post('/custombox/create', {
      userID,
      boxID: 'cedar-10',
      items: [...itemsOf(cs.slice(0, 4)), { productID: 'no-such-cigar', count: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('One of the chosen cigars is not in our catalogue.');
    const [boxOf25] = await shop.db
      .select()
      .from(products)
      .where(and(eq(products.category, 'cigar'), eq(products.unitsPerPackage, 25)))
      .limit(1);
    const notSingle = await api.post('/custombox/create', {
      userID,
      boxID: 'cedar-10',
      items: [...itemsOf(cs.slice(0, 4)), { productID: boxOf25.id, count: 1 }],
    });
    expect(notSingle.status).toBe(400);
    expect(notSingle.body.message).toBe(`${boxOf25.name} is not a single cigar and cannot go into a box.`);
    const zero = await api.post('/custombox/create', { userID, boxID: 'cedar-10', items: [...itemsOf(cs.slice(0, 4)), { productID: cs[4].id, count: 0 }] });
    expect(zero.status).toBe(400);
    expect((await getCart(shop.db, userID)).lines).toHaveLength(0);
  });

  it('refuses a variety whose stock is short (409) or out of stock', async () => {
    const cs = await cigars(15, 5, 50);
    await shop.db.update(products).set({ stock: 1 }).where(eq(products.id, cs[0].id));
    const short = await api.post('/custombox/create', { userID: newAnonymousCartId(), boxID: 'cedar-10', items: itemsOf(cs, 2) });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(`Only 1 of ${cs[0].name} in stock.`);
    await shop.db.update(products).set({ stock: 0 }).where(eq(products.id, cs[0].id));
    const out = await api.post('/custombox/create', { userID: newAnonymousCartId(), boxID: 'cedar-5', items: itemsOf(cs) });
    expect(out.status).toBe(409);
    expect(out.body.message).toBe(`${cs[0].name} is out of stock.`);
  });

  it('refuses a text longer than its limit (gift card 200, engraving 30), NUL bytes and huge inputs with 400', async () => {
    const cs = await cigars(20, 5, 50);
    const userID = newAnonymousCartId();
    const card = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: itemsOf(cs), message: 'x'.repeat(201) });
    expect(card.status).toBe(400);
    expect(card.body).toEqual({ message: 'The text may have at most 200 characters.', fields: { message: 'The text may have at most 200 characters.' } });
    const engraving = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: itemsOf(cs), message: 'x'.repeat(31), messageKind: 'engraving' });
    expect(engraving.status).toBe(400);
    expect(engraving.body.message).toBe('The text may have at most 30 characters.');
    expect(
      (await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: itemsOf(cs), message: 'x'.repeat(30), messageKind: 'engraving' })).status,
    ).toBe(201);
    const nul = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: itemsOf(cs), message: 'hi\u0000there' });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toHaveProperty('message');
    const nulId = await api.post('/custombox/create', { userID, boxID: 'cedar\u00005', items: itemsOf(cs) });
    expect(nulId.status).toBe(400);
    const many = await api.post('/custombox/create', {
      userID,
      boxID: 'cedar-5',
      items: Array.from({ length: 101 }, () => ({ productID: cs[0].id, count: 1 })),
    });
    expect(many.status).toBe(400);
    const long = await api.post('/custombox/create', { userID, boxID: 'cedar-5', items: itemsOf(cs), message: 'x'.repeat(5000) });
    expect(long.status).toBe(400);
    expect((await api.post('/custombox/create', { userID, boxID: 'cedar-5' })).status).toBe(400);
  });
});

describe('box orders', () => {
  it("a box order takes each cigar's stock; the order line keeps the box; expiry gives the stock back", async () => {
    const cs = await cigars(25, 5, 20, 1000);
    const c = await createCustomer(shop);
    const made = await api.post(
      '/custombox/create',
      { userID: c.id, boxID: 'cedar-10', items: [...itemsOf(cs.slice(0, 4)), { productID: cs[4].id, count: 3 }], message: 'Happy birthday' },
      c.headers,
    );
    expect(made.status).toBe(201);
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(res.status).toBe(201);
    const o = res.body.order;
    expect(o.lines).toHaveLength(1);
    expect(o.lines[0]).toMatchObject({ sku: 'CUSTOM-BOX', name: 'Cedar box for 10', count: 1, unit_price: 24 + 70, line_total: 94 });
    expect(o.lines[0].box.items.map((i: { sku: string; count: number }) => [i.sku, i.count])).toEqual([
      ...cs.slice(0, 4).map((x) => [x.sku, 1]),
      [cs[4].sku, 3],
    ]);
    expect(o.lines[0].box.message).toBe('Happy birthday');
    expect(o.subtotal).toBe(94);
    for (const x of cs.slice(0, 4)) expect(await stockOf(shop, x.id)).toBe(19);
    expect(await stockOf(shop, cs[4].id)).toBe(17);
    // the unpaid card order expires: every cigar comes back
    expect(await expireDueOrders(shop, new Date(Date.now() + 86_400_000))).toBeGreaterThanOrEqual(1);
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, o._id));
    expect(row.status).toBe('expired');
    for (const x of cs.slice(0, 4)) expect(await stockOf(shop, x.id)).toBe(20);
    expect(await stockOf(shop, cs[4].id)).toBe(20);
  });

  it('a bank-transfer box order empties the cart; a cancelled order gives the stock back', async () => {
    const cs = await cigars(30, 5, 20, 1000);
    const c = await createCustomer(shop);
    await api.post('/custombox/create', { userID: c.id, boxID: 'cedar-5', items: itemsOf(cs) }, c.headers);
    const res = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(res.status).toBe(201);
    expect((await getCart(shop.db, c.id)).lines).toHaveLength(0);
    for (const x of cs) expect(await stockOf(shop, x.id)).toBe(19);
    const { adminTransition } = await import('../../core/orders/index.ts');
    await adminTransition(shop, res.body.order._id, 'cancelled', 'test-admin');
    for (const x of cs) expect(await stockOf(shop, x.id)).toBe(20);
  });

  it('20 concurrent box orders for the last 10 units of a cigar: 10 orders, 10 refusals, nothing oversold', async () => {
    const cs = await cigars(35, 5, 100, 1000);
    await shop.db.update(products).set({ stock: 10 }).where(eq(products.id, cs[2].id));
    const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(shop)));
    for (const c of customers) {
      const r = await api.post('/custombox/create', { userID: c.id, boxID: 'cedar-5', items: itemsOf(cs) }, c.headers);
      expect(r.status).toBe(201);
    }
    const answers = await Promise.all(customers.map((c) => api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.body.message).toBe(`${cs[2].name} is out of stock.`);
    expect(await stockOf(shop, cs[2].id)).toBe(0);
    // a refused order took nothing of the other cigars either
    for (const x of [cs[0], cs[1], cs[3], cs[4]]) expect(await stockOf(shop, x.id)).toBe(90);
  });

  it('a box built anonymously survives the merge at login', async () => {
    const cs = await cigars(0, 5, 50);
    const anon = newAnonymousCartId();
    const made = await api.post('/custombox/create', { userID: anon, boxID: 'cedar-5', items: itemsOf(cs) });
    const c = await createCustomer(shop);
    const merged = await api.post('/cart/merge', { userID: c.id, tempUserID: anon }, c.headers);
    expect(merged.status).toBe(200);
    expect(merged.body.cart.products.map((p: { product_data: { _id: string } }) => p.product_data._id)).toEqual([made.body.lineID]);
    expect((await getCart(shop.db, anon)).lines).toHaveLength(0);
    expect((await mergeCarts(shop.db, c.id, anon)).lines).toHaveLength(1);
  });
});

describe('box models (admin)', () => {
  it('creates and updates models with an audit entry each; inactive models are not offered', async () => {
    const m = await saveBoxModel(shop.db, 'admin-1', null, {
      name: 'Travel case for 6',
      capacity: 6,
      price: 1990,
      drawing: 'leather',
      image: null,
      active: true,
      sort: 5,
    });
    expect((await listBoxModels(shop.db)).map((x) => x.id)).toContain(m.id);
    await saveBoxModel(shop.db, 'admin-1', m.id, {
      name: 'Travel case for 6',
      capacity: 6,
      price: 2190,
      drawing: 'leather',
      image: null,
      active: false,
      sort: 5,
    });
    expect((await listBoxModels(shop.db)).map((x) => x.id)).not.toContain(m.id);
    const entries = await shop.db.select().from(auditLog).where(eq(auditLog.entityId, m.id)).orderBy(auditLog.createdAt);
    expect(entries.map((e) => e.action)).toEqual(['custombox.create', 'custombox.update']);
    expect(entries[1].after).toEqual({ price: 2190, active: false });
    await expect(
      saveBoxModel(shop.db, 'admin-1', m.id, { name: '', capacity: 3, price: -1, drawing: 'leather', image: null, active: true, sort: 0 }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const [row] = await shop.db.select().from(customBoxModels).where(eq(customBoxModels.id, m.id));
    expect(row.price).toBe(2190);
    const refused = await api.post('/custombox/create', { userID: newAnonymousCartId(), boxID: m.id, items: itemsOf(await cigars(0, 5, 50)) });
    expect(refused.status).toBe(400);
  });
});

describe('the /custombox page action (forms without JavaScript) and /admin/custombox', () => {
  const ctx = (cartKey: string, auth: { userId: string; role: 'Customer' | 'Admin' } | null = null) => ({
    shop,
    auth,
    lang: 'en',
    origin: 'http://shop.test',
    cartKey,
    anonCartId: cartKey,
    theme: null,
    nonce: '',
  });
  const post = (url: string, form: [string, string][], context: ReturnType<typeof ctx>) =>
    ({ request: new Request(`http://shop.test${url}`, { method: 'POST', body: new URLSearchParams(form) }), context, params: {} }) as never;
  type Answer = { data: { values: { qty: Record<string, number> }; error?: string; field?: string }; init: { status?: number } | null };

  it('+ answers the form with the count changed; Create refuses 4 varieties, keeps the choices, and accepts 5', async () => {
    const page = await import('../../app/routes/custombox.tsx');
    const cs = await cigars(0, 5, 50);
    const cartKey = newAnonymousCartId();
    const stepped = (await page.action(
      post(
        '/custombox',
        [
          ['boxID', 'cedar-10'],
          [`qty.${cs[0].id}`, '2'],
          ['step', `inc:${cs[0].id}`],
        ],
        ctx(cartKey),
      ),
    )) as unknown as { values: { qty: Record<string, number> } };
    expect(stepped.values.qty[cs[0].id]).toBe(3);
    const four = (await page.action(
      post('/custombox', [['boxID', 'cedar-10'], ['intent', 'create'], ...cs.slice(0, 4).map((c) => [`qty.${c.id}`, '1'] as [string, string])], ctx(cartKey)),
    )) as unknown as Answer;
    expect(four.init?.status).toBe(400);
    expect(four.data.error).toBe('A minimum of 5 cigars is required');
    expect(four.data.field).toBe('items');
    expect(Object.keys(four.data.values.qty)).toHaveLength(4);
    const nul = (await page.action(
      post(
        '/custombox',
        [['boxID', 'cedar-10'], ['intent', 'create'], ['message', 'a\u0000b'], ...cs.map((c) => [`qty.${c.id}`, '1'] as [string, string])],
        ctx(cartKey),
      ),
    )) as unknown as Answer;
    expect(nul.init?.status).toBe(400);
    expect(nul.data.field).toBe('message');
    const ok = (await page.action(
      post(
        '/custombox',
        [
          ['boxID', 'cedar-10'],
          ['intent', 'create'],
          ['messageKind', 'engraving'],
          ['message', 'M. R.'],
          ...cs.map((c) => [`qty.${c.id}`, '1'] as [string, string]),
        ],
        ctx(cartKey),
      ),
    )) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/shopcart?box=created');
    const cart = await getCart(shop.db, cartKey);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].box).toMatchObject({ modelId: 'cedar-10', messageKind: 'engraving', message: 'M. R.' });
  });

  it('the admin page saves a box model (audited); customers are refused', async () => {
    const admin = await import('../../app/routes/admin/custombox.tsx');
    const a = await createCustomer(shop, { role: 'Admin' });
    const form: [string, string][] = [
      ['id', 'cedar-5'],
      ['name', 'Cedar box for 5'],
      ['capacity', '5'],
      ['price', '16.50'],
      ['drawing', 'cedar'],
      ['image', ''],
      ['active', 'on'],
      ['sort', '10'],
    ];
    const saved = (await admin.action(post('/admin/custombox', form, ctx(a.id, { userId: a.id, role: 'Admin' })))) as { saved: boolean };
    expect(saved.saved).toBe(true);
    const [row] = await shop.db.select().from(customBoxModels).where(eq(customBoxModels.id, 'cedar-5'));
    expect(row.price).toBe(1650);
    const [entry] = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, 'cedar-5'), eq(auditLog.action, 'custombox.update')));
    expect(entry).toMatchObject({ actor: `admin:${a.id}`, before: { price: 1500 }, after: { price: 1650 } });
    const bad = (await admin.action(
      post('/admin/custombox', [...form.filter(([k]) => k !== 'price'), ['price', 'abc']], ctx(a.id, { userId: a.id, role: 'Admin' })),
    )) as unknown as Answer & { data: { fields: Record<string, string> } };
    expect(bad.init?.status).toBe(400);
    expect(bad.data.fields).toHaveProperty('price');
    const c = await createCustomer(shop);
    await expect(admin.action(post('/admin/custombox', form, ctx(c.id, { userId: c.id, role: 'Customer' })))).rejects.toBeDefined();
  });
});
