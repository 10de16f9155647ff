/**
 * The OpenAPI document at `/api/openapi.json` is generated from the routes the API serves
 * (api/openapi.ts): every route of the app is in it, nothing else is, and each documented
 * request schema is the one the call validates with.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../api/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { createCustomer } from '../helpers/customers.ts';
import { openTestSuite } from '../helpers/suite.ts';

type Operation = {
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { required: boolean; content: { 'application/json': { schema: { properties?: Record<string, unknown>; required?: string[] } } } };
};
type Document = { paths: Record<string, Record<string, Operation>> };

let shop: Shop;
let api: ApiClient;
let doc: Document;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
  doc = (await api.get('/openapi.json')).body;
  admin = (await createCustomer(shop, { role: 'Admin' })).headers;
});
afterAll(async () => {
  await shop?.close();
});

/** Every documented operation as `METHOD /path` (OpenAPI path style). */
function documented(): string[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
}

describe('the generated OpenAPI document', () => {
  it('lists every route of the API app, and only those', () => {
    // mounted as server/app.ts mounts it; `use` middleware and the catch-all are method ALL
    const app = new Hono().route('/api', createApi(shop));
    const served = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && r.path !== '/api/openapi.json')
        .map((r) => `${r.method} ${r.path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(served.size).toBeGreaterThan(30);
    expect([...served].sort()).toEqual(documented().sort());
  });

  it('documents for each JSON body the fields the call requires: an empty body is refused naming exactly those', async () => {
    const withBody = Object.entries(doc.paths).flatMap(([path, m]) => (m.post?.requestBody ? [{ path, op: m.post }] : []));
    expect(withBody.length).toBeGreaterThan(20);
    for (const { path, op } of withBody) {
      const required = op.requestBody!.content['application/json'].schema.required ?? [];
      const res = await api.post(path, {}, admin);
      if (!required.length) continue;
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).sort(), path).toEqual([...required].sort());
    }
  });

  it('documents each query parameter the call validates: an overlong value of each is refused naming each', async () => {
    const withQuery = Object.entries(doc.paths).flatMap(([path, m]) => (m.get?.parameters?.length ? [{ path, op: m.get }] : []));
    expect(withQuery.length).toBeGreaterThan(5);
    for (const { path, op } of withQuery) {
      const names = op.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
      const res = await api.get(`${path}?${names.map((n) => `${n}=${'x'.repeat(200)}`).join('&')}`, admin);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).sort(), path).toEqual([...names].sort());
    }
  });

  it('keeps the error answer of a failed validation: 400 { message, fields } in the request language', async () => {
    const res = await api.post('/cart/addProduct', { userID: 'x'.repeat(30), count: 0 }, { 'accept-language': 'de' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['fields', 'message']);
    expect(Object.keys(res.body.fields).sort()).toEqual(['count', 'productID']);
    expect(res.body.fields.productID).not.toBe('The field is required');
    expect(doc.paths['/cart/addProduct'].post.requestBody!.content['application/json'].schema.required).toEqual(['productID', 'userID', 'count']);
  });
});
