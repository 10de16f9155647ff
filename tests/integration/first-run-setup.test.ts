/**
 * First run without ADMIN_EMAIL (docs/api.md, "Running the shop day to day"): the start-up log
 * prints `Create the first admin account: <PUBLIC_URL>/setup/<token>`; the link works once, for
 * 24 hours, creates an Admin and signs them in, and answers 404 once an admin exists. PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set (also for the started server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { issueSetupLink, SETUP_LINK_TTL_MS } from '../../core/accounts/setup.ts';
import { setupTokens } from '../../core/db/schema/accounts-setup.ts';
import type { Shop } from '../../core/shop.ts';
import { loadBuild, type TestHttp } from '../helpers/http.ts';
import { createTestDatabase, onPostgres } from '../helpers/shop.ts';
import { openTestSuite } from '../helpers/suite.ts';
import { firstRunLink } from '../../scripts/lib/cli.ts';

let shop: Shop;
let http: TestHttp;

beforeAll(async () => {
  ({ shop, http } = await openTestSuite({ http: true }));
});
afterAll(() => shop?.close());

const pathOf = (link: string) => new URL(link).pathname;
const form = {
  firstName: 'Lucía',
  lastName: "D'Angelo-Müller",
  email: 'Owner@Casadeltabaco.ch',
  password: 'Humidor-Cedro-2026',
  passwordConfirm: 'Humidor-Cedro-2026',
};

describe('the server start-up', () => {
  let child: ChildProcess | null = null;
  let dropDb: (() => Promise<void>) | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-first-run-'));
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dropDb) await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints "Create the first admin account: <PUBLIC_URL>/setup/<token>" and the example seller data, and the link opens the setup page', async () => {
    await loadBuild(); // the built server must exist
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const publicUrl = `http://localhost:${port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    if (onPostgres) {
      const db = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = db.url;
      dropDb = db.drop;
    }
    child = spawn(process.execPath, ['build/server/server.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const { link, output } = await firstRunLink(child);
    expect(link).toMatch(new RegExp(`^${publicUrl}/setup/[A-Za-z0-9_-]{43}$`));
    const out = output();
    expect(out).toMatch(
      /Seller data still holds the seeded examples \(iban, vatNumber, dir, street, buildingNumber, postalCode, city, whatsapp, telegram, facebook, instagram\)/,
    );
    expect(out).toContain('iban: bank transfer (QR-bill) is not offered');
    // the printed link opens the page on the started server (the log line is the only copy of the token)
    let page: Response | null = null;
    for (let i = 0; i < 100 && !page; i++) page = await fetch(link).catch(() => new Promise<null>((r) => setTimeout(() => r(null), 100)));
    expect(page!.status).toBe(200);
    expect(await page!.text()).toContain('Create the first admin account');
  }, 120_000);
});

describe('/setup/<token>', () => {
  it('keeps one valid link: each start prints a new one, and the older unused ones stop working', async () => {
    const starts = [];
    for (let i = 0; i < 5; i++) starts.push((await issueSetupLink(shop))!);
    for (const old of starts.slice(0, -1)) {
      expect((await http.fetch(pathOf(old))).status).toBe(404);
      expect((await http.postForm(pathOf(old), form)).status).toBe(404);
    }
    expect((await http.fetch(pathOf(starts.at(-1)!))).status).toBe(200);
    const rows = await shop.db.select().from(setupTokens).where(isNull(setupTokens.usedAt));
    expect(rows).toHaveLength(1);
    expect(await shop.db.select().from(users).where(eq(users.role, 'Admin'))).toHaveLength(0);
  });

  it('is issued only while no admin exists and ADMIN_EMAIL is unset; the token is stored hashed, for 24 hours', async () => {
    const now = new Date('2026-11-26T08:00:00Z');
    const link = await issueSetupLink(shop, now);
    expect(link).toMatch(/^http:\/\/shop\.test\/setup\/[A-Za-z0-9_-]{43}$/);
    const token = link!.split('/').pop()!;
    const rows = await shop.db.select().from(setupTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const row = rows.find((r) => r.createdAt.getTime() === now.getTime())!;
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(SETUP_LINK_TTL_MS);
    const withEnv = { ...shop, env: { ...shop.env, ADMIN_EMAIL: 'boss@example.ch' } } as Shop;
    expect(await issueSetupLink(withEnv)).toBeNull();
  });

  it('answers 404 for an unknown or expired link', async () => {
    expect((await http.fetch('/setup/not-a-valid-token-but-long-enough-0000')).status).toBe(404);
    const expired = await issueSetupLink(shop, new Date(Date.now() - SETUP_LINK_TTL_MS - 60_000));
    expect((await http.fetch(pathOf(expired!))).status).toBe(404);
    const post = await http.postForm(pathOf(expired!), form);
    expect(post.status).toBe(404);
    expect(await shop.db.select().from(users).where(eq(users.role, 'Admin'))).toHaveLength(0);
  });

  it('shows the form; bad fields and a weak password are refused with field messages', async () => {
    const link = (await issueSetupLink(shop))!;
    const page = await http.fetch(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const html = await page.text();
    for (const name of ['firstName', 'lastName', 'email', 'password', 'passwordConfirm']) expect(html).toContain(`name="${name}"`);
    const weak = await http.postForm(pathOf(link), { ...form, password: 'short', passwordConfirm: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('at least 10 characters');
    const differ = await http.postForm(pathOf(link), { ...form, passwordConfirm: 'something-else-2026' });
    expect(differ.status).toBe(400);
    const badMail = await http.postForm(pathOf(link), { ...form, email: 'not-an-address' });
    expect(await badMail.text()).toContain('The email is invalid');
    // refusals do not spend the link
    expect((await http.fetch(pathOf(link))).status).toBe(200);
  });

  it('creates the first Admin, signs them in, and every setup link answers 404 afterwards', async () => {
    const spare = (await issueSetupLink(shop))!;
    const link = (await issueSetupLink(shop))!; // a second start printed another link: the one that works
    expect((await http.fetch(pathOf(spare))).status).toBe(404);
    const res = await http.postForm(pathOf(link), form);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/home');
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /access_token=/.test(c))).toBe(true);
    const [admin] = await shop.db.select().from(users).where(eq(users.role, 'Admin'));
    expect(admin).toMatchObject({ email: 'owner@casadeltabaco.ch', firstName: 'Lucía', lastName: "D'Angelo-Müller" });
    expect(admin.emailVerifiedAt).not.toBeNull();
    // the session works: the dashboard opens with the cookies of the answer
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const dash = await http.fetch('/admin/home', { cookie });
    expect(dash.status).toBe(200);
    // spent, and no link works once an admin exists; no new link is printed
    expect((await http.fetch(pathOf(link))).status).toBe(404);
    expect((await http.fetch(pathOf(spare))).status).toBe(404);
    expect((await http.postForm(pathOf(spare), { ...form, email: 'intruder@example.ch' })).status).toBe(404);
    expect(await issueSetupLink(shop)).toBeNull();
    expect(await shop.db.select().from(users).where(eq(users.role, 'Admin'))).toHaveLength(1);
  });
});
