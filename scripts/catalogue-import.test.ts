/**
 * `npm run catalogue:import -- <file.json>` as a user runs it: a child process against a new shop's
 * database without products, in DATA_DIR (PGlite: a copy of the seeded one, tests/helpers/shop.ts
 * `seededDataDir`) or, with TEST_DATABASE_URL, a PostgreSQL database cloned from the seeded one.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../core/db/schema/catalogue.ts';
import { openShop } from '../core/shop.ts';
import { fixtureRow } from '../tests/helpers/catalogue.ts';
import { onPostgres, seededDataDir, seededTemplate } from '../tests/helpers/shop.ts';
import { createTestDatabase } from './lib/test-database.ts';

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-import-'));
const dataDir = path.join(tmp, 'data');
let databaseUrl: string | undefined;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL)
    ({ url: databaseUrl, drop } = await createTestDatabase(process.env.TEST_DATABASE_URL, { template: seededTemplate('none') }));
  else await seededDataDir(dataDir, 'none');
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs the command; resolves with its exit code and output (never rejects on a non-zero exit). */
async function importFile(file: string, env: Record<string, string> = {}) {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'scripts/catalogue-import.ts', file], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

async function productCount(): Promise<number> {
  const shop = await openShop({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent' }, { catalogueFile: null });
  try {
    const [{ n }] = await shop.db.select({ n: count() }).from(products);
    return n;
  } finally {
    await shop.close();
  }
}

/** Runs the command on `file` and expects exit 0, `counts` ("2 inserted, 0 updated") in its output and `total` products after. */
async function expectImported(file: string, counts: string, total: number) {
  const r = await importFile(file);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain(counts);
  expect(await productCount()).toBe(total);
  return r;
}

function writeJson(name: string, value: unknown): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

// each test runs the command as a child process that opens (and, the first time, migrates) a whole
// database: on a busy two-core machine that alone can pass Vitest's default 30 s
describe('catalogue:import', { timeout: 120_000 }, () => {
  it('imports the starting catalogue and prints the counts', async () => {
    const r = await expectImported('data/catalogue.json', '72 inserted, 0 updated', 72);
    expect(r.stderr).toBe('');
  });

  it('updates by SKU when run again', async () => {
    await expectImported('data/catalogue.json', '0 inserted, 72 updated', 72);
  });

  it('refuses a file with bad rows: exit 1, every bad row printed, nothing imported', async () => {
    const file = writeJson('bad.json', {
      products: [
        fixtureRow({ sku: 'GOOD-1' }),
        fixtureRow({ sku: 'BAD-PRICE', base_price_chf: 9.999 }),
        fixtureRow({ sku: 'BAD-STOCK', stock: -2 }),
        { sku: 'BAD-EMPTY' },
      ],
    });
    const r = await importFile(file);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/nothing was imported/);
    expect(r.stderr).toMatch(/row 1 \(SKU BAD-PRICE\): base_price_chf: must have at most 2 decimals/);
    expect(r.stderr).toMatch(/row 2 \(SKU BAD-STOCK\): stock: /);
    expect(r.stderr).toMatch(/row 3 \(SKU BAD-EMPTY\): name: /);
    expect(r.stderr).not.toMatch(/GOOD-1/);
    expect(await productCount()).toBe(72);
  });

  it('adds the rows of a valid file of the same schema', async () => {
    const file = writeJson('new.json', { products: [fixtureRow({ sku: 'NEW-A' }), fixtureRow({ sku: 'NEW-B', name: 'Another' })] });
    await expectImported(file, '2 inserted, 0 updated', 74);
  });

  it('explains usage, unreadable files and bad JSON with exit 2', async () => {
    const none = await importFile('');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Usage: npm run catalogue:import -- <file.json>/);
    expect((await importFile(path.join(tmp, 'missing.json'))).stderr).toMatch(/Cannot read/);
    fs.writeFileSync(path.join(tmp, 'broken.json'), '{"products": [');
    const broken = await importFile(path.join(tmp, 'broken.json'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/Cannot read .*broken\.json/);
  });

  it('names a bad environment variable', async () => {
    const r = await importFile('data/catalogue.json', { LOG_LEVEL: 'loud' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/LOG_LEVEL/);
  });
});

// the same child processes as above (120 s each); registered on the PGlite run of the suite only:
// they open no PostgreSQL, so the PostgreSQL run would only repeat them (npm test runs both)
if (!onPostgres)
  describe('catalogue:import on a PGlite data directory in use (always PGlite)', { timeout: 120_000 }, () => {
    beforeAll(() => fs.mkdirSync(dataDir, { recursive: true }));

    it('refuses, with a clear message, while a live process (a server) holds the directory', async () => {
      // this test process stands in for a running server: its pid is alive
      fs.writeFileSync(path.join(dataDir, 'shop.lock'), String(process.pid));
      try {
        const r = await importFile('data/catalogue.json', { DATABASE_URL: '' });
        expect(r.code).toBe(3);
        expect(r.stderr).toMatch(new RegExp(`in use by another process \\(pid ${process.pid}\\), probably a running shop server`));
      } finally {
        fs.rmSync(path.join(dataDir, 'shop.lock'), { force: true });
      }
    });

    it('takes over the lock of a process that died', async () => {
      fs.writeFileSync(path.join(dataDir, 'shop.lock'), '999999999');
      const r = await importFile('data/catalogue.json', { DATABASE_URL: '' });
      expect(r.code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    });
  });
