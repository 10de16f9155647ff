/**
 * The request's language is decided once at the edge (api/i18n.ts `edgeLocale`, core/i18n
 * `requestLocale`): for the same `?lang=`, `lang` cookie and `Accept-Language`, a page (its
 * `<html lang>`), an API answer (a translated error message), the cross-site form refusal
 * (server/origin-check.ts, which honours `?lang=` as the pages do) and the page-cache front door's
 * decision all name the same language.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCookies } from '../../core/accounts/index.ts';
import { LANG_COOKIE, requestLocale, type Locale } from '../../core/i18n/browser.ts';
import { translate } from '../../core/i18n/index.ts';
import { useTestSuite } from '../helpers/suite.ts';

const t = useTestSuite({ http: true });

type Case = { query: string; cookie?: string; acceptLanguage?: string; expected: Locale };
const CASES: Case[] = [
  { query: '?lang=fr', cookie: 'lang=de', acceptLanguage: 'it', expected: 'fr' },
  { query: '', cookie: 'lang=de', acceptLanguage: 'it', expected: 'de' },
  { query: '?lang=xx', cookie: 'lang=xx', acceptLanguage: 'es-ES, es;q=0.9', expected: 'es' },
  { query: '', acceptLanguage: 'ar', expected: 'ar' },
  { query: '', expected: 'en' },
];

const headersOf = (c: Case): Record<string, string> => ({
  ...(c.cookie ? { cookie: c.cookie } : {}),
  ...(c.acceptLanguage ? { 'accept-language': c.acceptLanguage } : {}),
});

/** The API's message for an unknown product, in the language the API chose for these inputs. */
async function apiMessage(query: string, headers: Record<string, string>): Promise<string> {
  const sep = query ? '&' : '?';
  const res = await t.http.fetch(`/api/product/get${query}${sep}id=${randomUUID()}`, { headers });
  expect(res.status).toBe(404);
  return ((await res.json()) as { message: string }).message;
}

describe('one language per request, at the edge', () => {
  for (const c of CASES) {
    it(`${JSON.stringify(headersOf(c))} ${c.query || '(no query)'}: page, API, refusal and front door say ${c.expected}`, async () => {
      const headers = headersOf(c);
      expect(requestLocale({ url: `/${c.query}`, langCookie: readCookies(c.cookie)[LANG_COOKIE], acceptLanguage: c.acceptLanguage })).toBe(c.expected);

      const page = await t.http.fetch(`/${c.query}`, { headers });
      expect(page.status).toBe(200);
      expect(/<html[^>]*\slang="([^"]+)"/.exec(await page.text())?.[1]).toBe(c.expected);

      // the API's message equals the one it gives when asked for that language alone
      expect(await apiMessage(c.query, headers)).toBe(await apiMessage(`?lang=${c.expected}`, {}));

      const refused = await t.http.fetch(`/preferences${c.query}`, {
        method: 'POST',
        headers: { ...headers, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'theme=dark',
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe(translate(c.expected, 'security:crossSite'));
    });
  }

  it('the API message used above is translated (German and English differ)', async () => {
    expect(await apiMessage('?lang=de', {})).not.toBe(await apiMessage('?lang=en', {}));
  });
});
