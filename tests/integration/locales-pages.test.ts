/**
 * The further locales on real pages: the built app renders
 * `<html lang dir>` — right to left for Arabic only — and the account, checkout and legal pages
 * show the locale's own texts instead of falling back to English. The texts are taken from the
 * catalogues, so the test follows wording changes; a catalogue lacking them fails here as in
 * `app/i18n/catalogues.test.ts`. Needs `npx react-router build` (as `npm test` does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from '../../core/i18n/catalogue-check.ts';
import { LOCALES, PICKER_LOCALES, isRtl } from '../../core/i18n/browser.ts';
import type { Shop } from '../../core/shop.ts';
import type { TestHttp } from '../helpers/http.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let http: TestHttp;
beforeAll(async () => {
  ({ shop, http } = await openTestSuite({ http: true }));
});
afterAll(() => shop?.close());

/** A text of a catalogue by dotted path. */
function text(lng: string, ns: string, key: string): string {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], readCatalogue(lng, ns));
  if (typeof v !== 'string') throw new Error(`${lng}/${ns}.json has no text ${key}`);
  return v;
}
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const h1 = (html: string) =>
  decode(
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      .replace(/<[^>]+>/g, '')
      .trim() ?? '',
  );
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? '';

const FURTHER = LOCALES.filter((l) => !(PICKER_LOCALES as readonly string[]).includes(l));

describe('pages in the further locales', () => {
  it('right to left is Arabic only', () => {
    expect(LOCALES.filter(isRtl)).toEqual(['ar']);
  });

  for (const lng of FURTHER) {
    it(`${lng}: <html lang dir>, and the login, register, terms and shipping pages in ${lng}`, async () => {
      const pages: [string, string, string][] = [
        ['/login', 'account', 'login.title'],
        ['/client/termsandconditions', 'legal', 'terms.title'],
        ['/client/shipping', 'legal', 'shipping.title'],
        ['/register', 'account', 'register.title'],
      ];
      for (const [path, ns, key] of pages) {
        const res = await http.fetch(`${path}?lang=${lng}`);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        const tag = htmlTag(html);
        expect(tag, path).toContain(`lang="${lng}"`);
        expect(tag, path).toContain(`dir="${lng === 'ar' ? 'rtl' : 'ltr'}"`);
        const want = text(lng, ns, key);
        expect(want, `${lng} ${ns}.${key} is still English`).not.toBe(text('en', ns, key));
        expect(h1(html), path).toBe(want);
      }
    });
  }

  it('a language chosen with ?lang= is remembered for the next pages, whose links do not repeat it (other query parameters untouched)', async () => {
    const first = await http.fetch('/admin/order/list?status=paid&lang=de', { redirect: 'manual' });
    const set = first.headers.getSetCookie().find((c) => c.startsWith('lang='));
    expect(set).toMatch(/^lang=de;/);
    expect(set).toMatch(/Path=\//);
    expect(first.headers.get('location') ?? '').toContain(encodeURIComponent('/admin/order/list?status=paid&lang=de'));
    // the next page (a pager or filter link without ?lang=) stays German
    const next = await http.fetch('/login?redirectTo=%2Fadmin%2Forder%2Flist%3Fstatus%3Dpaid%26page%3D2', { cookie: 'lang=de' });
    expect(htmlTag(await next.text())).toContain('lang="de"');
    // an unknown language sets nothing; the cookie's language is not rewritten when it is the same
    expect((await http.fetch('/login?lang=xx')).headers.getSetCookie().some((c) => c.startsWith('lang='))).toBe(false);
    expect((await http.fetch('/login?lang=de', { cookie: 'lang=de' })).headers.getSetCookie().some((c) => c.startsWith('lang='))).toBe(false);
  });

  it('the English page stays left to right', async () => {
    const html = await (await http.fetch('/login?lang=en')).text();
    expect(htmlTag(html)).toContain('dir="ltr"');
    expect(h1(html)).toBe('Log in');
  });
});
