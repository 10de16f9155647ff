/**
 * In production the embedded sandbox payment page (which moves no money) is not offered unless
 * PAYMENT_SANDBOX=on: an order cannot choose it and its webhook endpoint does not exist, so no
 * order can be marked paid by a test page. Bank transfer (QR-bill) stays available.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { loadEnv } from '../../core/config/env.ts';
import { availablePaymentMethods } from '../../core/orders/service.ts';
import type { Shop } from '../../core/shop.ts';
import { apiClient, type ApiClient } from '../helpers/api.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { createTestShop } from '../helpers/shop.ts';

describe('which payment methods are offered', () => {
  it('in the tests: the sandbox and bank transfer', () => {
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'test' }))).toEqual(['sandbox', 'qr-bill']);
  });
  it('in production and development: bank transfer only, unless PAYMENT_SANDBOX=on (issue 12: only an explicit on)', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch' };
    expect(availablePaymentMethods(loadEnv(prod))).toEqual(['qr-bill']);
    expect(availablePaymentMethods(loadEnv({ ...prod, PAYMENT_SANDBOX: 'on' }))).toEqual(['sandbox', 'qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'development' }))).toEqual(['qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'on' }))).toEqual(['sandbox', 'qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'off' }))).toEqual(['qr-bill']);
  });
  it('refuses a bad PAYMENT_SANDBOX value naming the variable', () => {
    expect(() => loadEnv({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/);
  });
});

describe('a production shop without a payment provider', () => {
  let shop: Shop;
  let api: ApiClient;
  beforeAll(async () => {
    shop = await createTestShop({ env: { NODE_ENV: 'production' } });
    api = apiClient(shop);
  });
  afterAll(() => shop.close());

  it('refuses a sandbox order and takes a bank-transfer one', async () => {
    const p = await productWith(shop, 5, 2500, 61);
    const c = await createCustomer(shop);
    await addToCart(shop.db, c.id, p.id, 1, c.id);
    const sandbox = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(sandbox.status).toBe(400);
    expect(sandbox.body.fields).toHaveProperty('paymentMethod');
    const bank = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(bank.status).toBe(201);
  });

  it('has no sandbox webhook', async () => {
    const res = await api.raw('/payment/webhook/sandbox', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
  });
});
