/**
 * The set-up most integration test files share: a test shop (tests/helpers/shop.ts), an API client
 * on it and, when asked, the whole HTTP application (tests/helpers/http.ts) and an in-process SMTP
 * server receiving the shop's mail (tests/helpers/smtp.ts).
 *
 * A file or `describe` block opens it in one line, which registers its `beforeAll` and `afterAll`:
 *
 * ```ts
 * const t = useTestSuite({ http: true });
 * it('…', async () => expect((await t.http.fetch('/')).status).toBe(200));
 * ```
 */
import { afterAll, beforeAll } from 'vitest';
import { setRateLimits } from '../../core/rate-limit/index.ts';
import type { Shop } from '../../core/shop.ts';
import type { ServerType } from '@hono/node-server';
import type { HttpApp } from '../../server/app.ts';
import { apiClient, type ApiClient } from './api.ts';
import { createTestHttp, openHttpShop, serveHttpApp, type TestHttp } from './http.ts';
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

/**
 * Runs `open` before the tests of the enclosing file or `describe` block (vitest `beforeAll`) and
 * closes the shop it opened after them (`afterAll`).
 * @param timeout the `beforeAll` timeout in ms (default: the configured hook timeout).
 * @returns an object that `beforeAll` fills with what `open` resolved to: read its fields in
 *   tests and hooks, not while the file is being collected (it is still empty then).
 */
export function beforeAllOpen<T extends { shop: Shop }>(open: () => Promise<T>, timeout?: number): T {
  const opened = beforeAllMake(open, timeout);
  afterAll(() => opened.shop?.close());
  return opened;
}

/**
 * Runs `make` before the tests of the enclosing file or `describe` block (vitest `beforeAll`), for
 * fixtures that need no closing (users of an open shop…).
 * @returns an object that `beforeAll` fills with what `make` resolved to (empty until then).
 */
export function beforeAllMake<T extends object>(make: () => Promise<T>, timeout?: number): T {
  const made = {} as T;
  beforeAll(async () => {
    Object.assign(made, await make());
  }, timeout);
  return made;
}

/**
 * `open` followed by `more` on what it opened; what `more` returns joins it, and the shop is
 * closed when `more` throws.
 */
async function openWithMore<T extends { shop: Shop }, X>(open: () => Promise<T>, more?: (opened: T) => Promise<X | void>): Promise<T & X> {
  const opened = await open();
  try {
    return { ...opened, ...((await more?.(opened)) as X) };
  } catch (e) {
    await opened.shop.close();
    throw e;
  }
}

/**
 * `openTestSuite(opts)` for the tests of the enclosing file or `describe` block (see
 * `beforeAllOpen`), with what `more` builds on the open suite (users, cookies…) added.
 * @param more runs once the suite is open; what it returns (if anything) joins the suite's fields.
 */
export function useTestSuite<const O extends SuiteOptions = SuiteOptions, X extends object = object>(
  opts: O = {} as O,
  more?: (suite: TestSuite<O>) => Promise<X | void>,
  timeout?: number,
): TestSuite<O> & X {
  return beforeAllOpen(() => openWithMore(() => openTestSuite(opts), more), timeout);
}

/**
 * `openHttpShop(opts)` (a test shop and the whole HTTP application on it) for the tests of the
 * enclosing file or `describe` block (see `beforeAllOpen`), with what `more` returns added.
 */
export function useHttpShop<X extends object = object>(
  opts: Parameters<typeof openHttpShop>[0] = {},
  more?: (opened: { shop: Shop; app: HttpApp }) => Promise<X | void>,
  timeout?: number,
): { shop: Shop; app: HttpApp } & X {
  return beforeAllOpen(() => openWithMore(() => openHttpShop(opts), more), timeout);
}

/**
 * A test shop (options as `createTestShop`) served on a real socket of 127.0.0.1 (`serveHttpApp`)
 * for the tests of the enclosing file or `describe` block (see `beforeAllOpen`), with what `more`
 * returns added; closing the shop closes the server first.
 */
export function useServedShop<X extends object = object>(
  opts: Parameters<typeof createTestShop>[0] = {},
  more?: (opened: { shop: Shop; server: ServerType; port: number }) => Promise<X | void>,
  timeout?: number,
): { shop: Shop; server: ServerType; port: number } & X {
  const serve = async () => {
    const shop = await createTestShop(opts);
    try {
      const { server, port } = await serveHttpApp(shop);
      const closeShop = shop.close;
      shop.close = async () => {
        await new Promise((r) => server.close(r));
        await closeShop();
      };
      return { shop, server, port };
    } catch (e) {
      await shop.close();
      throw e;
    }
  };
  return beforeAllOpen(() => openWithMore(serve, more), timeout);
}
