/**
 * Every page of the shop, admin included, in each of the 5 picker languages (en, de, fr, it, es):
 * no raw translation key, and no English text where a translation is due.
 *
 * Which pages: every route of `app/routes.ts`, read from the route config itself, so pages that
 * other branches add are checked as soon as they are merged. Dynamic segments and query strings
 * get realistic values from {@link SAMPLES} (a product, an order, a promo code, a user, a reset
 * link…); a route without a sample is opened bare. Who: /admin/* as an Admin, the influencer page
 * as an Influencer, login/register/forgot/reset/confirm anonymously, every other page as a
 * signed-in Customer who has an order (so account pages render their content). The language is
 * chosen with `?lang=` (the navbar picker's mechanism). Only HTML answers are checked; a page may
 * answer 404 (the catch-all) and is then checked like any other.
 *
 * What is checked: the visible text of the server-rendered HTML — text between tags (scripts,
 * styles and the serialised catalogue in the hydration script removed), the `<title>`, and the
 * `alt`, `title`, `aria-label`, `placeholder` attributes — split into segments at tags and at
 * " · " (the title separator).
 *
 * Rule 1, raw keys (every language): a segment that is a namespaced key (`admin:users.title`), or a
 * dotted word (`products.title`, `settings.shopClosed`) that is a key of the English catalogue (any
 * namespace, plural suffixes `_one`/`_other` ignored), fails.
 *
 * Rule 2, English where a translation is due (de, fr, it, es): for every key of the English
 * catalogue whose value V is at least 4 characters and contains a letter, V is "due" in language L
 * when L's catalogue lacks the key or translates it differently. A segment equal to a due V fails
 * (values with `{{placeholders}}` match any text in their place). Words that some key of L keeps as
 * in English (e.g. "Status", "Vitola", "Influencer") are never due, so a legitimate loanword does
 * not fail because another key translates it. Text that comes from the database (product names
 * and descriptions, the promotional banner an admin typed, e-mails of users) is not in the
 * catalogue and is not judged; neither is the content of `<code>` elements, literal values to be
 * typed as shown (the product CSV's column names, allowed values and example cells).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { PICKER_LOCALES } from '../../core/i18n/browser.ts';
import { allResources } from '../../core/i18n/index.ts';
import { products } from '../../core/db/schema/catalogue.ts';
import { addToCart } from '../../core/cart/service.ts';
import { createPromo } from '../../core/promos/service.ts';
import { recordAudit } from '../../core/audit/service.ts';
import type { Shop } from '../../core/shop.ts';
import { userWithRole, type TestUser } from '../helpers/accounts.ts';
import type { ApiClient } from '../helpers/api.ts';
import type { TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

type Who = 'anonymous' | 'Customer' | 'Influencer' | 'Admin';

let shop: Shop;
let http: TestHttp;
let api: ApiClient;
const people: Partial<Record<Who, TestUser>> = {};
/** Values for the samples, filled in beforeAll. */
const v: Record<string, string> = {};

/** Realistic URLs per route path (`{name}` is replaced from `v`); several per path are allowed. */
const SAMPLES: Record<string, string[]> = {
  '/productdetail': ['/productdetail?id={productId}'],
  '/client/products': ['/client/products', '/client/products?q=robusto', '/client/products?q=zzzznothing'],
  '/client/historydetails': ['/client/historydetails?id={orderId}'],
  '/paymentsuccess': ['/paymentsuccess?order={orderCode}'],
  '/paymenterror': ['/paymenterror?order={orderCode}&reason=cancelled'],
  '/confirm/:token': ['/confirm/not-a-valid-token-but-long-enough-0000'],
  '/reset/:token': ['/reset/not-a-valid-token-but-long-enough-0000'],
  '/setup/:token': ['/setup/not-a-valid-token-but-long-enough-0000'],
  '/images/placeholder/:id.svg': [],
  '/sandbox-pay': ['{sandboxUrl}'],
  '/admin/order/details': ['/admin/order/details?id={orderId}'],
  '/admin/order/edit': ['/admin/order/edit?id={orderId}'],
  '/admin/product/add': ['/admin/product/add', '/admin/product/add?id={productId}'],
  '/admin/promo/edit': ['/admin/promo/edit', '/admin/promo/edit?id={promoId}'],
  '/admin/user/details': ['/admin/user/details?id={customerId}', '/admin/user/details?id=no-such-user'],
  '/admin/user/export': [],
  '/profile/export': [],
  '/client/invoice': [],
  '/*': ['/no-such-page'],
};

const ANONYMOUS = ['/login', '/register', '/forgot', '/reset/:token', '/confirm/:token', '/setup/:token'];

function who(path: string): Who {
  if (path.startsWith('/admin')) return 'Admin';
  if (path === '/client/influencer') return 'Influencer';
  if (ANONYMOUS.includes(path)) return 'anonymous';
  return 'Customer';
}

/** Every route path of app/routes.ts (layouts contribute no path). */
function routePaths(): string[] {
  const out: string[] = [];
  const walk = (list: readonly { path?: string; index?: boolean; children?: unknown[] }[], prefix: string) => {
    for (const r of list) {
      const path = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix;
      if (r.index || r.path) out.push(path || '/');
      if (r.children) walk(r.children as never, path);
    }
  };
  walk(routes as never, '');
  return [...new Set(out)];
}

function urlsOf(path: string): string[] {
  const samples = SAMPLES[path] ?? [path];
  return samples.map((s) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? ''));
}

// ------------------------------------------------------------------ catalogue facts

type Flat = Map<string, string>;
function flatten(obj: unknown, prefix: string, out: Flat): Flat {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, val] of Object.entries(obj as Record<string, unknown>)) flatten(val, prefix ? `${prefix}.${k}` : k, out);
  } else if (Array.isArray(obj)) {
    obj.forEach((val, i) => flatten(val, `${prefix}.${i}`, out));
  } else if (typeof obj === 'string') out.set(prefix, obj);
  return out;
}

/** `ns:key.path` -> text, for one language. */
function catalogue(lng: string): Flat {
  const out: Flat = new Map();
  for (const [ns, tree] of Object.entries(allResources()[lng] ?? {})) flatten(tree, ns, out);
  return out;
}

const baseKey = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');

/** Key paths of the English catalogue without namespace (`products.title`), for rule 1. */
function englishKeyPaths(en: Flat): Set<string> {
  const out = new Set<string>();
  for (const k of en.keys()) {
    const withoutNs = k.slice(k.indexOf('.') + 1);
    out.add(baseKey(withoutNs));
    out.add(baseKey(k));
  }
  return out;
}

type Due = { text: string; pattern: RegExp | null };

/** English values that must not appear in `lng` (rule 2). */
function dueEnglish(en: Flat, lng: string): Due[] {
  const target = catalogue(lng);
  const keptAsEnglish = new Set<string>();
  for (const [k, val] of target) if (en.get(k) === val) keptAsEnglish.add(val.trim());
  const due = new Map<string, Due>();
  for (const [k, val] of en) {
    const text = val.trim();
    if (text.length < 4 || !/[A-Za-z]/.test(text) || keptAsEnglish.has(text)) continue;
    if (target.get(k) === val) continue;
    const literal = text.replace(/\{\{[^}]+\}\}/g, '').replace(/[^A-Za-z]/g, '');
    if (literal.length < 4) continue;
    const pattern = text.includes('{{')
      ? new RegExp(
          `^${text
            .split(/\{\{[^}]+\}\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+?')}$`,
        )
      : null;
    due.set(text, { text, pattern });
  }
  return [...due.values()];
}

// ------------------------------------------------------------------ visible text

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&nbsp;': ' ' };
const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|nbsp|#x27|#39);/g, (m) => ENTITIES[m] ?? m).replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));

/** The visible text segments of an HTML page (see the rules above). */
export function visibleSegments(html: string): string[] {
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<template\b[\s\S]*?<\/template>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<code\b[\s\S]*?<\/code>/gi, ' ');
  const segments: string[] = [];
  for (const m of body.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g)) segments.push(decode(m[1]));
  for (const part of body.split(/<[^>]*>/)) segments.push(decode(part));
  return segments
    .flatMap((s) => s.split(' · '))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

// ------------------------------------------------------------------ set-up

beforeAll(async () => {
  ({ shop, api, http } = await openTestSuite({ http: true, wideRateLimits: true }));
  for (const role of ['Customer', 'Influencer', 'Admin'] as const) people[role] = await userWithRole(shop, api, role);
  const customer = people.Customer!;
  const [p] = await shop.db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(products.sku).limit(1);
  await shop.db.update(products).set({ stock: 50 }).where(eq(products.id, p.id));
  v.productId = p.id;
  v.customerId = customer.userId;
  await addToCart(shop.db, customer.userId, p.id, 2, customer.userId);
  const order = await api.post(
    '/order/create',
    { userID: customer.userId, paymentMethod: 'sandbox', address: { street: 'Seestrasse 5', postalCode: '8002', city: 'Zürich' } },
    customer.h,
  );
  if (order.status !== 201) throw new Error(`order: ${JSON.stringify(order.body)}`);
  v.orderId = order.body.order._id ?? order.body.order.id;
  v.orderCode = order.body.order.code;
  const sandbox = JSON.stringify(order.body).match(/\/sandbox-pay\?[^"\\]+/);
  v.sandboxUrl = sandbox ? sandbox[0].replace(/\\u0026/g, '&') : '/sandbox-pay';
  // something in the cart too, so the cart and checkout pages show their content
  await addToCart(shop.db, customer.userId, p.id, 1, customer.userId);
  const promo = await createPromo(shop.db, { code: 'WELCOME10', kind: 'percent', value: 10, minOrder: 0, active: true }, `admin:${people.Admin!.userId}`);
  v.promoId = promo.id;
  await recordAudit(shop.db, {
    actor: `admin:${people.Admin!.userId}`,
    action: 'user.update',
    entity: 'user',
    entityId: customer.userId,
    before: { city: 'Bern' },
    after: { city: 'Zürich' },
  });
});
afterAll(() => shop.close());

const cookieOf = (w: Who) =>
  w === 'anonymous' ? undefined : `access_token=${people[w]!.accesToken}; refresh_token=${people[w]!.refreshToken}; age_confirmed=1`;

describe('every page in every picker language', () => {
  it('opens a realistic URL for every route of app/routes.ts', () => {
    const paths = routePaths();
    expect(paths).toContain('/admin/user/list');
    expect(paths.length).toBeGreaterThan(30);
  });

  const en = catalogue('en');
  const keys = englishKeyPaths(en);

  it.each(PICKER_LOCALES)('%s: no raw key, no English where a translation is due', async (lng) => {
    const due = lng === 'en' ? [] : dueEnglish(en, lng);
    const exact = new Set(due.filter((d) => !d.pattern).map((d) => d.text));
    const patterns = due.filter((d) => d.pattern);
    const problems: string[] = [];
    let pages = 0;
    for (const path of routePaths()) {
      const w = who(path);
      for (const url of urlsOf(path)) {
        const sep = url.includes('?') ? '&' : '?';
        const res = await http.fetch(`${url}${sep}lang=${lng}`, { cookie: cookieOf(w), redirect: 'manual' });
        if (!(res.headers.get('content-type') ?? '').includes('text/html')) continue;
        if (res.status >= 300 && res.status < 400) {
          problems.push(`${url} (${w}): redirected to ${res.headers.get('location')}`);
          continue;
        }
        pages++;
        for (const seg of visibleSegments(await res.text())) {
          const rawNs = /^[a-z]+:[A-Za-z0-9_.]+$/.test(seg) && /^(\w+):/.exec(seg) && en.has(baseKey(seg.replace(':', '.')));
          const dotted = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(seg) && keys.has(baseKey(seg));
          if (rawNs || dotted) problems.push(`${url} (${w}): raw key "${seg}"`);
          else if (exact.has(seg) || patterns.some((d) => d.pattern!.test(seg))) problems.push(`${url} (${w}): English "${seg}"`);
        }
      }
    }
    expect(pages).toBeGreaterThan(30);
    expect([...new Set(problems)]).toEqual([]);
  });
});
