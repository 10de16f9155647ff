/** Live search is rate limited per client IP (docs/architecture.md, "Security rules"): 429 past the limit. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let api: ApiClient;
beforeAll(async () => {
  ({ shop, api } = await openTestSuite());
  await setRateLimits(shop, { search: { ip: 3, account: 3, duration: 60 } });
});
afterAll(() => shop.close());

it('answers 429 with a message once an IP has used up its searches', async () => {
  for (let i = 0; i < 3; i++) expect((await api.post('/product/searchProducts', { searchOptions: { searchName: 'fuente' } })).status).toBe(200);
  const refused = await api.post('/product/searchProducts', { searchOptions: { searchName: 'fuente' } });
  expect(refused.status).toBe(429);
  expect(refused.body.message).toEqual(expect.any(String));
});

it('answers bad input with 400 even past the limit (input is validated first)', async () => {
  const bad = await api.post('/product/searchProducts', { searchOptions: {} });
  expect(bad.status).toBe(400);
});
