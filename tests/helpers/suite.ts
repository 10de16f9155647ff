/**
 * The set-up most integration test files share: a test shop (tests/helpers/shop.ts), an API client
 * on it and, when asked, the whole HTTP application (tests/helpers/http.ts) and an in-process SMTP
 * server receiving the shop's mail (tests/helpers/smtp.ts).
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
import { startSmtp, type TestSmtp } from './smtp.ts';
import { startFakeDatatrans, type FakeDatatrans } from './fake-datatrans.ts';

/** What `openTestSuite` opens besides the shop and its API client. */
export type SuiteOptions = {
  catalogue?: string | null;
  env?: Record<string, string>;
  /** The whole HTTP application on the built server (needs `npx react-router build`). */
  http?: boolean;
  /** An in-process SMTP server receiving the shop's mail (`SMTP_URL`). */
  smtp?: boolean;
  /** A fake Datatrans (tests/helpers/fake-datatrans.ts) the shop's card payments go to. */
  datatrans?: boolean;
  /** Lifts the sign-in, registration, reset and confirmation limits. */
  wideRateLimits?: boolean;
};

/** A shop with its API client, and what `O` asked for: `http`, `smtp`, `datatrans` (else undefined). */
export type TestSuite<O extends SuiteOptions = SuiteOptions> = {
  shop: Shop;
  api: ApiClient;
  http: O['http'] extends true ? TestHttp : undefined;
  smtp: O['smtp'] extends true ? TestSmtp : undefined;
  datatrans: O['datatrans'] extends true ? FakeDatatrans : undefined;
};

/**
 * Limits that never trip in a test file that signs in, registers and resets many times (the
 * rate limits themselves have tests of their own, with the real limits).
 */
const WIDE = { ip: 10_000, account: 10_000, duration: 60 };

/**
 * Opens a test shop (see `createTestShop`; `catalogue` and `env` are passed on), its API client
 * and what `opts` asks for. The SMTP server and the fake Datatrans start first and the shop's
 * environment points at them; closing the shop closes them too.
 * @returns the suite; close it with `shop.close()` in `afterAll`.
 */
export async function openTestSuite<const O extends SuiteOptions = SuiteOptions>(opts: O = {} as O): Promise<TestSuite<O>> {
  const smtp = opts.smtp ? await startSmtp() : undefined;
  let datatrans: FakeDatatrans | undefined;
  try {
    datatrans = opts.datatrans ? await startFakeDatatrans() : undefined;
  } catch (e) {
    await smtp?.close();
    throw e;
  }
  const closeHelpers = async () => {
    await smtp?.close();
    await datatrans?.close();
  };
  let shop: Shop;
  try {
    shop = await createTestShop({ catalogue: opts.catalogue, env: { ...opts.env, ...(smtp && { SMTP_URL: smtp.url }), ...datatrans?.env } });
  } catch (e) {
    await closeHelpers();
    throw e;
  }
  if (smtp || datatrans) {
    const closeShop = shop.close;
    shop.close = async () => {
      await closeShop();
      await closeHelpers();
    };
  }
  try {
    const http = opts.http ? await createTestHttp(shop) : undefined;
    if (opts.wideRateLimits) await setRateLimits(shop, { login: WIDE, register: WIDE, forgot: WIDE, reset: WIDE, confirm: WIDE });
    return { shop, api: apiClient(shop), http, smtp, datatrans } as TestSuite<O>;
  } catch (e) {
    await shop.close();
    throw e;
  }
}
