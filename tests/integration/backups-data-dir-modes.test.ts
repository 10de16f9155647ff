/**
 * Backups and the data directory (SECURITY.md, second review, medium): what a PGlite backup holds
 * (the database only: no secrets.json, photos or lock file) and the modes it is stored with, the
 * tar filter's PAX headers, `pg_dump`'s password kept off its command line, and the modes of
 * DATA_DIR and every file in it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/accounts.ts';
import { backupPglite, isDatabaseEntry, onlyDatabaseEntries, passwordApart } from '../../core/db/backup.ts';
import { openShop } from '../../core/shop.ts';
import { onPostgres } from '../helpers/shop.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The entry names of an uncompressed ustar tarball. */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  const text = (b: Buffer) => b.toString('utf8').replace(/\0.*$/s, '');
  for (let o = 0; o + 512 <= tar.length;) {
    const h = tar.subarray(o, o + 512);
    if (h.every((b) => b === 0)) break;
    const prefix = text(h.subarray(345, 500));
    names.push((prefix ? `${prefix}/` : '') + text(h.subarray(0, 100)));
    o += 512 + Math.ceil(parseInt(text(h.subarray(124, 136)).trim() || '0', 8) / 512) * 512;
  }
  return names;
}

/** Every path below `dir` (files and folders) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if ((st.mode & 0o077) !== 0) found.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) walk(path.join(p, n));
  };
  walk(dir);
  return found;
}
// run on the PGlite pass of the suite only (skipped on the PostgreSQL pass): these open no
// PostgreSQL, so the PostgreSQL pass would only repeat them (npm test runs both)
describe.skipIf(onPostgres)('backups and the data directory', () => {
  const open = (dataDir: string) =>
    openShop(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_SECRET: undefined, SMTP_URL: undefined, DATA_DIR: dataDir, DATABASE_URL: undefined },
      { logger: pino({ level: 'silent' }), catalogueFile: null },
    );

  it(
    'a PGlite backup holds the database only: no secrets.json, no photos, no lock file; 0600 in a new 0700 folder, an existing shared folder untouched',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(tmp, 'data-backup');
      const shop = await open(dataDir);
      await shop.close();
      expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(true); // generated: SESSION_SECRET unset
      fs.mkdirSync(path.join(dataDir, 'media', 'ab'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'media', 'ab', 'photo.webp'), 'not really a photo');

      const file = path.join(tmp, 'backups', 'shop.pglite.tar.gz');
      await backupPglite(dataDir, file);
      const names = tarNames(gunzipSync(fs.readFileSync(file)));
      expect(names).toContain('/PG_VERSION');
      expect(names.some((n) => n.startsWith('/base/'))).toBe(true);
      expect(names.filter((n) => !isDatabaseEntry(n))).toEqual([]);
      expect(names.some((n) => /secrets|media|shop\.lock/.test(n))).toBe(false);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

      // a shared folder that exists (like /tmp) keeps its mode; the file is still 0600
      const shared = path.join(tmp, 'shared');
      fs.mkdirSync(shared);
      fs.chmodSync(shared, 0o1777);
      await backupPglite(dataDir, path.join(shared, 'shop.pglite.tar.gz'));
      expect(fs.statSync(shared).mode & 0o7777).toBe(0o1777);
      expect(fs.statSync(path.join(shared, 'shop.pglite.tar.gz')).mode & 0o777).toBe(0o600);
    },
  );

  it('the filter keeps PAX headers with their entry and ends the archive with two zero blocks', () => {
    const header = (name: string, type: string, size: number) => {
      const h = Buffer.alloc(512);
      h.write(name, 0);
      h.write(size.toString(8).padStart(11, '0'), 124);
      h.write(type, 156);
      h.write('ustar\0', 257);
      return h;
    };
    const tar = Buffer.concat([
      header('/secrets.json', '0', 3),
      Buffer.alloc(512, 1),
      header('/PaxHeader', 'x', 10),
      Buffer.alloc(512, 2),
      header('/base/1/112', '0', 0),
      Buffer.alloc(1024),
    ]);
    const out = onlyDatabaseEntries(tar);
    expect(tarNames(out)).toEqual(['/PaxHeader', '/base/1/112']);
    expect(out.length).toBe(512 * 3 + 1024);
  });

  it('pg_dump gets the password through PGPASSWORD, not on its command line', () => {
    const { url, env } = passwordApart('postgres://shop:s%40cret@db.internal:5432/shop?sslmode=require');
    expect(url).toBe('postgres://shop@db.internal:5432/shop?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
    expect(passwordApart('postgres://postgres@127.0.0.1/test').url).toBe('postgres://postgres@127.0.0.1/test');
  });

  it('DATA_DIR is 0700 and no file in it, PGlite’s included, is open to other users', { timeout: 120_000 }, async () => {
    const dataDir = path.join(tmp, 'data-modes');
    // an older install: PGlite wrote its files 0666 and the folder was 0755
    const shop = await open(dataDir);
    await shop.db.insert(users).values({
      id: crypto.randomUUID(),
      email: 'modes@example.ch',
      passwordHash: 'x',
      firstName: 'Mode',
      lastName: 'Test',
      dateOfBirth: '1980-01-01',
      street: 'Gasse 1',
      postalCode: '8000',
      city: 'Zürich',
      country: 'CH',
      locale: 'de',
    });
    await shop.close();
    expect(openToOthers(dataDir)).toEqual([]);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'PG_VERSION'), 0o666);
    const again = await open(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    await again.close();
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
