/**
 * Security regression tests on the whole HTTP application (server/app.ts with the built React
 * Router app): reset-link poisoning and the Host check, production defaults,
 * open redirects, body size limit, NUL bytes.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { loadEnv } from '../../core/config/env.ts';
import { loggerOptions } from '../../core/redact.ts';
import { productionReport } from '../../core/config/production.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { createHttpApp } from '../../server/app.ts';
import { loadBuild, userWithCookie } from '../helpers/http.ts';
import { useHttpShop } from '../helpers/suite.ts';
import { createTestShop } from '../helpers/shop.ts';
import { createCustomer } from '../helpers/customers.ts';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('links in e-mails never come from the Host header', () => {
  // development without PUBLIC_URL: before the fix the link was built from the request's Host
  const t = useHttpShop({ env: { NODE_ENV: 'development', PUBLIC_URL: '', PORT: '3341' } });

  it('a forgot-password request with Host: evil.example mails a link to the shop, not to evil.example', async () => {
    const c = await createCustomer(t.shop);
    const res = await t.app.request('http://evil.example/api/user/forgot', json({ email: c.email }, { host: 'evil.example' }));
    expect(res.status).toBe(200);
    const mails = await t.shop.db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(mails.length).toBe(1);
    expect(mails[0].text).not.toContain('evil.example');
    expect(mails[0].text).toContain('http://localhost:3341/reset/');
  });
});

describe('production', () => {
  const t = useHttpShop({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', PAYMENT_SANDBOX: 'off' } });

  it('refuses requests for another Host with 421 before any route runs', async () => {
    const c = await createCustomer(t.shop);
    const res = await t.app.request('https://evil.example/api/user/forgot', json({ email: c.email }));
    expect(res.status).toBe(421);
    expect(await t.shop.db.select().from(outbox).where(eq(outbox.to, c.email))).toEqual([]);
    expect((await t.app.request('https://evil.example/')).status).toBe(421);
    expect((await t.app.request('https://shop.example.ch/api/configuration/configurations')).status).toBe(200);
  });

  it('without PUBLIC_URL a production shop answers only to this machine (npm start on a fresh clone)', async () => {
    const local = await createTestShop({ catalogue: null, env: { NODE_ENV: 'production', PUBLIC_URL: '', PORT: '3000' } });
    try {
      const localApp = createHttpApp(local, { build: await loadBuild() });
      for (const host of ['localhost:3000', '127.0.0.1:3000', 'localhost'])
        expect((await localApp.request(`http://${host}/api/configuration/configurations`)).status, host).toBe(200);
      expect((await localApp.request('http://evil.example/api/configuration/configurations')).status).toBe(421);
      expect((await localApp.request('http://192.168.1.20:3000/')).status).toBe(421);
    } finally {
      await local.close();
    }
  });

  it('sends HSTS and Secure cookies, and shows no error details', async () => {
    const res = await t.app.request('https://shop.example.ch/');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(res.headers.getSetCookie().every((c) => /;\s*Secure/i.test(c))).toBe(true);

    // a page whose loader fails as a failed query does (drizzle puts the parameters in the message)
    const secret = 'Failed query: select * from users where email = $1\nparams: leak.me@example.ch';
    const build = await loadBuild();
    const about = build.routes['routes/about']!;
    const failing: ServerBuild = {
      ...build,
      routes: {
        ...build.routes,
        'routes/about': {
          ...about,
          module: {
            ...about.module,
            loader: () => {
              throw new Error(secret);
            },
          },
        } as ServerBuild['routes'][string],
      },
    };
    const lines: string[] = [];
    const log = t.shop.log;
    t.shop.log = pino(loggerOptions('error'), { write: (line: string) => void lines.push(line) });
    try {
      const failingApp = createHttpApp(t.shop, { build: failing });
      const page = await failingApp.request('https://shop.example.ch/about');
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).not.toContain('leak.me@example.ch');
      expect(html).not.toContain('Failed query');
      expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
      const data = await failingApp.request('https://shop.example.ch/about.data');
      const text = await data.text();
      expect(text).not.toContain('leak.me@example.ch');
      expect(text).not.toContain('Failed query');
      // logged through the shop's redacting logger, without the parameters
      const logged = lines.join('');
      expect(logged).toContain('page loader or action failed');
      expect(logged).not.toContain('leak.me@example.ch');
    } finally {
      t.shop.log = log;
    }
  });

  it('offers no sandbox payment unless PAYMENT_SANDBOX=on, and then shows no test-mode banner', async () => {
    const res = await t.app.request('https://shop.example.ch/api/configuration/configurations');
    const body = JSON.stringify(await res.json());
    expect(body).not.toContain('"sandbox"');
    expect(await (await t.app.request('https://shop.example.ch/')).text()).not.toContain('test-mode-banner');
  });
});

describe('PAYMENT_SANDBOX=on in production', () => {
  const t = useHttpShop({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch', PAYMENT_SANDBOX: 'on' } });

  it('every page says "Test mode — no real payments", in the visitor\'s language', async () => {
    for (const [path, lang, text] of [
      ['/', 'en', 'Test mode — no real payments'],
      ['/client/products', 'de', 'Testmodus — keine echten Zahlungen'],
      ['/contact', 'fr', 'Mode test — aucun paiement réel'],
      ['/login', 'it', 'Modalità di prova — nessun pagamento reale'],
      ['/shopcart', 'es', 'Modo de prueba — sin pagos reales'],
      ['/no/such/page', 'en', 'Test mode — no real payments'],
    ]) {
      const html = await (await t.app.request(`https://shop.example.ch${path}`, { headers: { cookie: `lang=${lang}` } })).text();
      expect(html, path).toContain(text);
    }
  });
});

describe('configuration', () => {
  it('production is the default; without PUBLIC_URL the start-up report says the shop answers only on this machine', () => {
    expect(loadEnv({}).NODE_ENV).toBe('production');
    expect(productionReport(loadEnv({})).join('\n')).toMatch(/PUBLIC_URL: unset: the shop answers only on this machine \(http:\/\/localhost:3000\)/);
    expect(loadEnv({ PUBLIC_URL: 'https://shop.example.ch/' })).toMatchObject({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ch' });
    expect(() => loadEnv({ NODE_ENV: 'development', PUBLIC_URL: 'https://shop.example.ch/some/path' })).toThrow(/PUBLIC_URL:/);
  });

  it('the start-up report names what production still lacks', () => {
    const lines = productionReport(loadEnv({ PUBLIC_URL: 'https://shop.example.ch', PAYMENT_SANDBOX: 'on' })).join('\n');
    for (const v of ['SESSION_SECRET', 'TRUST_PROXY', 'DATABASE_URL', 'SMTP_URL', 'DATATRANS_MERCHANT_ID', 'PAYMENT_SANDBOX']) expect(lines).toContain(v);
    expect(productionReport(loadEnv({ NODE_ENV: 'development' }))).toEqual([]);
  });

  it('refuses an odd-length DATATRANS_SIGN_KEY instead of truncating it', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', DATATRANS_SIGN_KEY: 'abc' })).toThrow(/DATATRANS_SIGN_KEY: must have an even number/);
  });

  it('refuses a TRUST_PROXY that is neither hops nor addresses', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY:/);
    expect(loadEnv({ NODE_ENV: 'test', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBeDefined();
  });
});

describe('input checks on the test shop', () => {
  const t = useHttpShop({ catalogue: null });

  it('refuses a body over 1 MB: 413 and a message on the API, the page again with a message for a page form', async () => {
    const big = 'x'.repeat(8 * 1024 * 1024);
    const api = await t.app.request('http://shop.test/api/user/login', json({ email: 'a@example.ch', password: big }));
    expect(api.status).toBe(413);
    expect((await api.json()).message).toMatch(/too large/);
    const page = await t.app.request('http://shop.test/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
      body: `email=a%40example.ch&password=${big}`,
    });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/login?toolarge=1');
    // a chunked body (no Content-Length) is cut off too
    const stream = new ReadableStream({
      pull(ctrl) {
        ctrl.enqueue(new TextEncoder().encode('y'.repeat(256 * 1024)));
      },
    });
    const chunked = await t.app.request('http://shop.test/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('a NUL in userID, productID or any text is a 400, never a 500', async () => {
    const c = await createCustomer(t.shop);
    const q = await t.app.request(`http://shop.test/api/cart/carts?userID=${encodeURIComponent('a\u0000b')}`, { headers: c.headers });
    expect(q.status).toBe(400);
    const add = await t.app.request('http://shop.test/api/cart/addProduct', json({ userID: c.id, productID: 'p\u0000', count: 1 }, c.headers));
    expect(add.status).toBe(400);
    expect((await add.json()).message).toMatch(/NUL/);
    const login = await t.app.request('http://shop.test/api/user/login', json({ email: 'a\u0000@example.ch', password: 'x' }));
    expect(login.status).toBe(400);
    const page = await t.app.request('http://shop.test/productdetail?id=%00');
    expect(page.status).toBe(400);
    const form = await t.app.request('http://shop.test/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
      body: 'email=a%00%40example.ch&password=secret-secret',
    });
    expect(form.status).toBe(400);
  });

  it('the API validation names the field (in-process API without the server middleware)', async () => {
    const { apiClient } = await import('../helpers/api.ts');
    const c = await createCustomer(t.shop);
    const add = await apiClient(t.shop).post('/cart/addProduct', { userID: c.id, productID: 'p\u0000', count: 1 }, c.headers);
    expect(add.status).toBe(400);
    expect(add.body.fields).toHaveProperty('productID');
  });

  it('login redirectTo and the preferences/cart returnTo never leave the shop', async () => {
    const { cookie } = await userWithCookie(t.shop, 'Customer');
    for (const bad of ['/%09/evil.example', '/%5Cevil.example', '//evil.example', '/%0A/evil.example']) {
      const res = await t.app.request(`http://shop.test/login?redirectTo=${bad}`, { headers: { cookie } });
      expect(res.status).toBe(302);
      // a signed-in visitor without a usable redirectTo goes to their profile, in the shop
      expect(res.headers.get('location')).toBe('/profile');
    }
    const form = (path: string, body: Record<string, string>) =>
      t.app.request(`http://shop.test${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
        body: new URLSearchParams(body),
      });
    for (const bad of ['/\\evil.example', '/\t/evil.example', '//evil.example']) {
      const prefs = await form('/preferences', { theme: 'dark', returnTo: bad });
      expect(prefs.headers.get('location')).toBe('/');
    }
    const good = await form('/preferences', { theme: 'dark', returnTo: '/contact' });
    expect(good.headers.get('location')).toBe('/contact');
  });

  it('personal pages answer Cache-Control: no-store', async () => {
    const { cookie } = await userWithCookie(t.shop, 'Customer');
    for (const path of ['/client/history', '/profile', '/', '/contact']) {
      const res = await t.app.request(`http://shop.test${path}`, { headers: { cookie } });
      expect(res.headers.get('cache-control'), path).toContain('no-store');
    }
    for (const path of ['/shopcart', '/login'])
      expect((await t.app.request(`http://shop.test${path}`)).headers.get('cache-control'), path).toContain('no-store');
    expect((await t.app.request('http://shop.test/contact')).headers.get('cache-control') ?? '').not.toContain('no-store');
  });
});
