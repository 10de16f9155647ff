/**
 * Property-based fuzzing: generated bodies and query strings (fast-check)
 * against every JSON API call of the OpenAPI document and every form action of the built app, as
 * anonymous visitor, customer and admin. Properties: never a 5xx, the shop still answers
 * afterwards, and no row half-written (every order has its lines, no negative stock).
 *
 * Inputs include NUL bytes, lone surrogates, malformed percent-escapes, huge numbers, deep
 * nesting, duplicate keys, wrong types, invalid JSON and 100 KB strings. The number of generated
 * requests is `FUZZ_RUNS` (default 10,000, split between API calls and form posts; `npm run
 * fuzz` runs 50,000); `FUZZ_SEED` replays a failing run (fast-check prints the seed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '../../core/shop.ts';
import { loadBuild, userWithCookie, type TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let shop: Shop;
let http: TestHttp;
let identities: Array<{ name: string; headers: Record<string, string>; cookie?: string }>;
let productIds: string[];

beforeAll(async () => {
  ({ shop, http } = await openTestSuite({ http: true }));
  const customer = await userWithCookie(shop, 'Customer');
  const admin = await userWithCookie(shop, 'Admin');
  identities = [
    { name: 'anonymous', headers: {} },
    { name: 'customer', headers: { accestoken: customer.token }, cookie: customer.cookie },
    { name: 'admin', headers: { accestoken: admin.token }, cookie: admin.cookie },
  ];
  productIds = ((await shop.db.execute(sql`SELECT id FROM products ORDER BY sku LIMIT 5`)) as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
}, 120_000);
afterAll(() => shop?.close());

/** Strings that have broken servers before. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '%00',
    '%',
    '%ZZ',
    '../../etc/passwd',
    "'; DROP TABLE orders; --",
    '<script>alert(1)</script>',
    '𝕏'.repeat(50),
    'null',
    '-1',
    '1e309',
    'NaN',
  ),
  fc.constant('x'.repeat(100_000)),
);

/** Numbers at the edges of what JSON and 32/64-bit columns hold. */
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, Number.MIN_VALUE, 1e21),
);

/** Any JSON value, nested a few levels. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** A value for a known field: often plausible (an id, a small count, an e-mail), often hostile. */
function fieldValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    jsonValue,
    fc.constantFrom(...productIds, 'abcdefghijklmnopqrstuvwxyz0123', 'anna@example.ch', 'sandbox', 'qr-bill', 'datatrans', 1, 2, 5),
    fc.array(fc.record({ productID: fc.oneof(fc.constantFrom(...productIds), nastyString), count: nastyNumber }), { maxLength: 6 }),
  );
}

/** Deeply nested JSON text (10,000 levels), as raw text. */
const deepJson = '['.repeat(10_000) + ']'.repeat(10_000);

/** A raw request body for an operation whose schema names `keys`. */
function bodyFor(keys: string[]): fc.Arbitrary<string> {
  const known = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), fieldValue(), { maxKeys: keys.length + 1 }).map((o) => JSON.stringify(o))
    : fc.constant('{}');
  const duplicate = keys.length
    ? fc.tuple(fc.constantFrom(...keys), fc.string({ maxLength: 10 })).map(([k, v]) => `{"${k}":"a","${k}":${JSON.stringify(v)}}`)
    : fc.constant('{"a":1,"a":2}');
  return fc.oneof(
    { weight: 5, arbitrary: known },
    { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: duplicate },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'nul',
        '{"userID": 1e999999}',
        '{"count": 123456789012345678901234567890}',
        deepJson,
        '"\\u0000"',
        '{"x":"\\ud800"}',
      ),
    },
  );
}

/** Every UTF-8 byte of `s` as `%XX` (a lone surrogate becomes U+FFFD's bytes). */
function percentEncode(s: string): string {
  return Buffer.from(s, 'utf8').toString('hex').replace(/../g, '%$&');
}

/** A raw query string for an operation whose parameters are `keys`. */
function queryFor(keys: string[]): fc.Arbitrary<string> {
  const names = keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 6 });
  const value = fc.oneof(
    nastyString.map((s) => percentEncode(s.slice(0, 2000))),
    fc.constantFrom('%00', '%', '%ZZ', '%E0%A4%A', '%ED%A0%80', ...productIds),
  );
  return fc.array(fc.tuple(names, value), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));
}

type Op = { method: 'get' | 'post'; path: string; keys: string[] };

/** Every operation of the served OpenAPI document, with the field names of its body or query. */
async function apiOperations(): Promise<Op[]> {
  const doc = (await (await http.fetch('/api/openapi.json')).json()) as { paths: Record<string, Record<string, any>> };
  const ops: Op[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (method !== 'get' && method !== 'post') continue;
      const bodyProps = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const queryNames = (op.parameters ?? []).map((x: { name: string }) => x.name);
      ops.push({ method, path: p, keys: method === 'get' ? queryNames : [...Object.keys(bodyProps), 'searchOptions'] });
    }
  }
  return ops;
}

/** Every route of the built app that has an action, as a path (params filled with a random token). */
async function formActions(): Promise<string[]> {
  const build = await loadBuild();
  const routes = build.routes as Record<string, { path?: string; parentId?: string; index?: boolean; module: { action?: unknown } }>;
  const full = (id: string): string => {
    const r = routes[id];
    const own = r.path ?? '';
    return r.parentId ? [full(r.parentId), own].filter(Boolean).join('/') : own;
  };
  return Object.keys(routes)
    .filter((id) => typeof routes[id].module.action === 'function')
    .map(
      (id) =>
        '/' +
        full(id)
          .replace(/:[a-zA-Z]+/g, 'fuzz-token-0123456789abcdef')
          .replace(/\/?\*$/, ''),
    )
    .map((p) => (p === '/' ? '/?index' : p));
}

/** Form field names and values used by the app's forms (read from the source, so new forms count). */
function formVocabulary(): { names: string[]; values: string[] } {
  const names = new Set<string>(['intent', 'returnTo', 'redirectTo']);
  const values = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (f.endsWith('.tsx')) {
        const src = fs.readFileSync(f, 'utf8');
        for (const m of src.matchAll(/name="([A-Za-z_][\w.]*)"/g)) names.add(m[1]);
        for (const m of src.matchAll(/value="([\w-]{1,30})"/g)) values.add(m[1]);
      }
    }
  };
  walk('app');
  return { names: [...names], values: [...values] };
}

/** The invariants that must hold whatever was sent. */
async function checkInvariants(): Promise<void> {
  const config = await http.fetch('/api/configuration/configurations');
  expect(config.status).toBe(200);
  const one = async (q: string) => Number(((await shop.db.execute(sql.raw(q))) as unknown as { rows: Array<{ n: number | string }> }).rows[0].n);
  expect(await one('SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)')).toBe(0);
  expect(await one('SELECT count(*) AS n FROM products WHERE stock < 0')).toBe(0);
  expect(await one('SELECT count(*) AS n FROM orders WHERE total_rappen < 0 OR paid_rappen < 0')).toBe(0);
}

/**
 * Sends `numRuns` generated values of `arb` with `send` (same seed every run), fails on the first
 * 5xx with every 5xx seen so far (`send` names the request in `what`), then checks the invariants.
 */
async function neverA5xx<T>(arb: fc.Arbitrary<T>, numRuns: number, send: (value: T) => Promise<{ status: number; what: string }>): Promise<void> {
  const failures: string[] = [];
  await fc
    .assert(
      fc.asyncProperty(arb, async (value) => {
        const { status, what } = await send(value);
        if (status >= 500) failures.push(`${status} ${what}`);
        return status < 500;
      }),
      { numRuns, seed: SEED, endOnFailure: true },
    )
    .catch((e) => {
      throw new Error(`${failures.join('\n')}\n${(e as Error).message.slice(0, 2000)}`);
    });
  await checkInvariants();
}

describe('fuzzing', () => {
  it(`every JSON API call: ${Math.round(RUNS * 0.8)} generated requests, never a 5xx`, async () => {
    const ops = await apiOperations();
    expect(ops.length).toBeGreaterThan(15);
    const request = fc
      .constantFrom(...ops)
      .chain((op) =>
        fc.record({ op: fc.constant(op), identity: fc.nat(identities.length - 1), payload: op.method === 'get' ? queryFor(op.keys) : bodyFor(op.keys) }),
      );
    await neverA5xx(request, Math.round(RUNS * 0.8), async ({ op, identity, payload }) => {
      const who = identities[identity];
      const res =
        op.method === 'get'
          ? await http.fetch(`/api${op.path}?${payload}`, { headers: who.headers })
          : await http.fetch(`/api${op.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...who.headers }, body: payload });
      await res.arrayBuffer();
      return { status: res.status, what: `${op.method.toUpperCase()} /api${op.path} as ${who.name}: ${payload.slice(0, 300)}` };
    });
  }, 900_000);

  it(`every form action: ${Math.round(RUNS * 0.2)} generated posts, never a 5xx`, async () => {
    const actions = await formActions();
    expect(actions.length).toBeGreaterThan(10);
    const { names, values } = formVocabulary();
    const field = fc.tuple(
      fc.constantFrom(...names),
      fc.oneof(
        nastyString.map((s) => s.slice(0, 5000)),
        fc.constantFrom(...values, ...productIds),
      ),
    );
    const post = fc.record({ path: fc.constantFrom(...actions), identity: fc.nat(identities.length - 1), fields: fc.array(field, { maxLength: 8 }) });
    await neverA5xx(post, Math.round(RUNS * 0.2), async ({ path: p, identity, fields }) => {
      const who = identities[identity];
      const body = new URLSearchParams();
      for (const [k, v] of fields) body.append(k, v);
      const res = await http.fetch(p, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
        cookie: who.cookie,
      });
      await res.arrayBuffer();
      return { status: res.status, what: `POST ${p} as ${who.name}: ${body.toString().slice(0, 300)}` };
    });
  }, 900_000);
});
