/**
 * The set-up most integration test files share: a test shop (tests/helpers/shop.ts), an API client
 * on it and, when asked, the whole HTTP application (tests/helpers/http.ts).
 *
 * ```ts
 * let shop: Shop;
 * let api: ApiClient;
 * let http: TestHttp;
 * beforeAll(async () => ({ shop, api, http } = await openTestSuite({ http: true })));
 * afterAll(() => shop?.close());
 * ```
 */
import { setRateLimits } from '../../core/rate-limit/index.ts';
import type { Shop } from '../../core/shop.ts';
import { apiClient, type ApiClient } from './api.ts';
import { createTestHttp, type TestHttp } from './http.ts';
import { createTestShop } from './shop.ts';

/** A shop with its API client, and its HTTP application when `http: true` was asked for. */
export type TestSuite<WithHttp extends boolean = boolean> = {
  shop: Shop;
  api: ApiClient;
  http: WithHttp extends true ? TestHttp : undefined;
};

/**
 * Limits that never trip in a test file that signs in, registers and resets many times (the
 * rate limits themselves have tests of their own, with the real limits).
 */
const WIDE = { ip: 10_000, account: 10_000, duration: 60 };

/**
 * Opens a test shop (see `createTestShop`; `catalogue` and `env` are passed on), its API client
 * and, with `http: true`, the HTTP application on the built server (needs `npx react-router build`).
 * @param opts.wideRateLimits lifts the sign-in, registration, reset and confirmation limits.
 * @returns the suite; close it with `shop.close()` in `afterAll`.
 */
export async function openTestSuite<WithHttp extends boolean = false>(
  opts: { catalogue?: string | null; env?: Record<string, string>; http?: WithHttp; wideRateLimits?: boolean } = {},
): Promise<TestSuite<WithHttp>> {
  const shop = await createTestShop({ catalogue: opts.catalogue, env: opts.env });
  try {
    const http = opts.http ? await createTestHttp(shop) : undefined;
    if (opts.wideRateLimits) await setRateLimits(shop, { login: WIDE, register: WIDE, forgot: WIDE, reset: WIDE, confirm: WIDE });
    return { shop, api: apiClient(shop), http } as TestSuite<WithHttp>;
  } catch (e) {
    await shop.close();
    throw e;
  }
}
