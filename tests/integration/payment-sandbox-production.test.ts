/**
 * In production the embedded sandbox payment page (which moves no money) is not offered unless
 * PAYMENT_SANDBOX=on: an order cannot choose it and its webhook endpoint does not exist, so no
 * order can be marked paid by a test page. Bank transfer (QR-bill) stays available once the shop
 * has its own IBAN (with the seeded example IBAN a production shop issues no QR-bill).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../core/config/env.ts';
import { updateSettings } from '../../core/config/service.ts';
import { DEFAULT_SETTINGS } from '../../core/config/settings.ts';
import { availablePaymentMethods } from '../../core/orders/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { customerWithCart } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

describe('which payment methods are offered', () => {
  it('in the tests: the sandbox and bank transfer', () => {
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'test' }))).toEqual(['sandbox', 'qr-bill']);
  });
  it('in production and development: bank transfer only, unless PAYMENT_SANDBOX=on (only an explicit on)', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch' };
    expect(availablePaymentMethods(loadEnv(prod))).toEqual(['qr-bill']);
    expect(availablePaymentMethods(loadEnv({ ...prod, PAYMENT_SANDBOX: 'on' }))).toEqual(['sandbox', 'qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'development' }))).toEqual(['qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'on' }))).toEqual(['sandbox', 'qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'off' }))).toEqual(['qr-bill']);
  });
  it('in production with the seeded example IBAN: no bank transfer (except in test mode, PAYMENT_SANDBOX=on)', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch' };
    const example = { iban: DEFAULT_SETTINGS.iban };
    const own = { iban: 'CH93 0076 2011 6238 5295 7' };
    expect(availablePaymentMethods(loadEnv(prod), example)).toEqual([]);
    expect(availablePaymentMethods(loadEnv(prod), { iban: 'ch4431999123000889012' })).toEqual([]); // the same IBAN typed differently
    expect(availablePaymentMethods(loadEnv(prod), own)).toEqual(['qr-bill']);
    expect(availablePaymentMethods(loadEnv({ ...prod, PAYMENT_SANDBOX: 'on' }), example)).toEqual(['sandbox', 'qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'test' }), example)).toEqual(['sandbox', 'qr-bill']);
    expect(availablePaymentMethods(loadEnv({ NODE_ENV: 'development' }), example)).toEqual(['qr-bill']);
  });
  it('refuses a bad PAYMENT_SANDBOX value naming the variable', () => {
    expect(() => loadEnv({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/);
  });
});

describe('a production shop without a payment provider', () => {
  let shop: Shop;
  let api: ApiClient;
  beforeAll(async () => {
    ({ shop, api } = await openTestSuite({ env: { NODE_ENV: 'production' } }));
  });
  afterAll(() => shop.close());

  it('refuses a sandbox order, and a bank-transfer one while the IBAN is the example; takes it with the own IBAN', async () => {
    const { c } = await customerWithCart(shop, { stock: 5, basePrice: 2500, index: 61 });
    const sandbox = await api.post('/order/create', { userID: c.id, paymentMethod: 'sandbox' }, c.headers);
    expect(sandbox.status).toBe(400);
    expect(sandbox.body.fields).toHaveProperty('paymentMethod');
    const example = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(example.status).toBe(400);
    expect(example.body.fields).toHaveProperty('paymentMethod');
    await updateSettings(shop.db, { iban: 'CH93 0076 2011 6238 5295 7' });
    const bank = await api.post('/order/create', { userID: c.id, paymentMethod: 'qr-bill' }, c.headers);
    expect(bank.status).toBe(201);
  });

  it('has no sandbox webhook', async () => {
    const res = await api.raw('/payment/webhook/sandbox', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
  });
});
