/**
 * The shared page with a visitor's own header (server/personal-page.ts, ADR 020) when a setting is
 * saved while the page is being put together: the header is drawn from the settings of the moment,
 * the rest of the page, and the data the browser hydrates it with, from those its cache entry was
 * rendered with. What the header shows must be what that data says, or React finds another text
 * in the header than it renders (a hydration mismatch). PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { updateSettings } from '../../core/config/index.ts';
import type { Shop } from '../../core/shop.ts';
import { createHttpApp, type HttpApp } from '../../server/app.ts';
import type { HeaderRenderer } from '../../server/personal-page.ts';
import { loadBuild, userWithCookie } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let app: HttpApp;
/** Runs once, right before the next header drawn for a visitor (not nobody's). */
let beforeOwnHeader: (() => Promise<unknown>) | null = null;

beforeAll(async () => {
  ({ shop } = await openTestSuite());
  const build = await loadBuild();
  const entry = build.entry.module as ServerBuild['entry']['module'] & { renderPersonalHeader: HeaderRenderer };
  const renderPersonalHeader: HeaderRenderer = async (request, context) => {
    const run = context.shared ? null : beforeOwnHeader;
    if (run) {
      beforeOwnHeader = null;
      await run();
    }
    return entry.renderPersonalHeader(request, context);
  };
  const module = { ...entry, renderPersonalHeader } as ServerBuild['entry']['module'];
  app = createHttpApp(shop, { build: { ...build, entry: { ...build.entry, module } } });
});
afterAll(async () => {
  await shop?.close();
});

const page = async (cookie: string) => (await app.request('http://shop.test/client/shipping', { headers: { cookie } })).text();
const headerOf = (html: string) => /<header class="site-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';

it('a promo text saved while the page is put together shows in its header only with the data that says so', async () => {
  const customer = await userWithCookie(shop, 'Customer');
  await updateSettings(shop.db, { promotionalInfo: { text: 'Old promo words' } });
  await page(''); // nobody's page into the shared cache
  expect(headerOf(await page(customer.cookie))).toContain('Old promo words');
  beforeOwnHeader = () => updateSettings(shop.db, { promotionalInfo: { text: 'New promo words' } });
  const html = await page(customer.cookie);
  expect(beforeOwnHeader).toBeNull();
  const header = headerOf(html);
  const rest = html.replace(header, '');
  for (const text of ['Old promo words', 'New promo words']) expect(header.includes(text), text).toBe(rest.includes(text));
});
