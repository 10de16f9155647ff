/**
 * The one cookie reader: `readCookies` (no Hono context at hand: the page-cache front door, a
 * React Router loader) and Hono's `getCookie` (the server's middlewares and handlers) read the
 * same values from the same `Cookie` header, so the front door and the app agree on a visitor's
 * session, cart hint and language, and the log-out revokes the refresh token the session used.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { readCookies, refreshTokenFromRequest } from './session-cookies.ts';

const HEADERS = [
  'lang=de; cart_id=abc',
  'xlang=de; lang=fr',
  'lang=fr; lang=de',
  'lang=pt%2DBR',
  'lang=%zz',
  'refresh_token="quoted"; access_token=a.b.c',
  // a value a cookie may not hold (a backslash, a non-ASCII letter) is passed over for the next one
  'refresh_token=bad\\one; refresh_token=good',
  'lang=fr\u00e9; lang=it',
  ' spaced = value ;  lang=ja ',
  'no-equals; =empty-name; lang=',
];

/** What Hono's `getCookie` reads from `header`: every cookie, and each one asked by name. */
async function honoReads(header: string): Promise<{ all: Record<string, string>; named: Record<string, string | null> }> {
  const app = new Hono().get('/', (c) => {
    const all = getCookie(c);
    const named = Object.fromEntries(['lang', 'refresh_token', 'spaced', 'cart_id'].map((n) => [n, getCookie(c, n) ?? null]));
    return c.json({ all, named });
  });
  return (await app.request('/', { headers: { cookie: header } })).json();
}

describe('readCookies', () => {
  it('reads what Hono getCookie reads, header by header', async () => {
    for (const header of HEADERS) {
      const hono = await honoReads(header);
      const jar = readCookies(header);
      expect({ ...jar }, header).toEqual(hono.all);
      for (const [name, value] of Object.entries(hono.named)) expect(jar[name] ?? null, `${header} ${name}`).toBe(value);
    }
  });

  it('takes the first valid value of a name, drops quotes, URI-decodes', () => {
    expect(readCookies('xlang=de; lang=fr').lang).toBe('fr');
    expect(readCookies('lang=fr; lang=de').lang).toBe('fr');
    expect(readCookies('lang=pt%2DBR').lang).toBe('pt-BR');
    expect(readCookies('lang=%zz').lang).toBe('%zz');
    expect(readCookies('refresh_token="quoted"').refresh_token).toBe('quoted');
    expect(readCookies('refresh_token=bad\\one; refresh_token=good').refresh_token).toBe('good');
    expect(readCookies(null)).toEqual({});
    expect(readCookies('')).toEqual({});
  });
});

describe('refreshTokenFromRequest', () => {
  const request = (cookie?: string) => new Request('http://shop.test/logout', { headers: cookie ? { cookie } : {} });
  const http = { PUBLIC_URL: 'http://localhost:3000' };
  const https = { PUBLIC_URL: 'https://shop.example' };

  it("reads the refresh cookie under the shop's name, as the session middleware does", () => {
    expect(refreshTokenFromRequest(request('access_token=a; refresh_token=r1'), http)).toBe('r1');
    expect(refreshTokenFromRequest(request('refresh_token=r1'), https)).toBeNull();
    expect(refreshTokenFromRequest(request('refresh_token=r1; __Host-refresh_token=r2'), https)).toBe('r2');
    expect(refreshTokenFromRequest(request('xrefresh_token=r1'), http)).toBeNull();
    expect(refreshTokenFromRequest(request(), http)).toBeNull();
  });
});
