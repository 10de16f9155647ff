/** Calls the JSON API in-process (Hono's `request`), as an HTTP client would. */
import { Hono } from 'hono';
import { createApi } from '../../api/index.ts';
import { findOrder, type OrderWithLines } from '../../core/orders/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { TestCustomer } from './customers.ts';

export type ApiClient = {
  get: (path: string, headers?: Record<string, string>) => Promise<{ status: number; body: any; headers: Headers }>;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any; headers: Headers }>;
  /** Sends a raw body (for malformed-JSON tests). */
  raw: (path: string, init: RequestInit) => Promise<{ status: number; body: any; headers: Headers }>;
};

export function apiClient(shop: Shop): ApiClient {
  // mounted under /api as server/app.ts does, so paths and the OpenAPI server URL are the real ones
  const api = new Hono().route('/api', createApi(shop));
  const call = async (path: string, init: RequestInit) => {
    const res = await api.request(`http://shop.test/api${path}`, init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    get: (path, headers = {}) => call(path, { method: 'GET', headers }),
    post: (path, body, headers = {}) => call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    raw: (path, init) => call(path, init),
  };
}

/**
 * The order `c` places with their cart through the JSON API (`POST /order/create`), read back
 * with its lines.
 * @throws Error with the answer when the API does not create the order (status other than 201).
 */
export async function orderThroughApi(shop: Shop, c: TestCustomer, paymentMethod = 'qr-bill'): Promise<OrderWithLines> {
  const res = await apiClient(shop).post('/order/create', { userID: c.id, paymentMethod }, c.headers);
  if (res.status !== 201) throw new Error(`order/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (await findOrder(shop.db, res.body.order._id))!;
}
