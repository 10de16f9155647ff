/**
 * Backups and restores of the shop: its database and its product photos, in one archive.
 *
 * - PGlite (embedded default): a consistent copy of the whole data directory as PGlite's own
 *   gzip tarball (`dumpDataDir`), taken from a process that holds the data-directory lock, so no
 *   server writes while it is taken. Restore creates a new data directory from the tarball.
 * - PostgreSQL (`DATABASE_URL`): `pg_dump --format=custom` (a consistent snapshot even while the
 *   shop runs) and `pg_restore --clean --if-exists --no-owner --single-transaction`, both from
 *   Debian's PostgreSQL client.
 * - The shop's backup file (`shop-<time>.backup.tar`, {@link writeShopBackup}) is a plain tar
 *   holding `manifest.json` (what it holds, {@link BackupManifest}), the database dump above and
 *   the product photos under `media/` (unless they live in an S3 bucket, which the manifest names).
 *   Not compressed again: the dump is compressed already and photos are AVIF/WebP/JPEG.
 *   The database is dumped before the photos are read: a photo's files are written before its row
 *   (core/catalogue/photos.ts), so every photo the dump names is complete in the archive.
 *
 * What a backup never holds is the session secret: PGlite keeps its files in DATA_DIR beside the
 * shop's own (`secrets.json`, uploaded photos, the lock file), and its dump would carry them all,
 * so the tarball is filtered down to PostgreSQL's data-directory entries, and photos are added
 * from `media/` alone. Whoever holds a backup must not be able to sign sessions for the live shop.
 * The manifest keeps only a fingerprint of the secret (an HMAC of a fixed text under it), so a
 * restore can tell whether the new installation has the same secret, which the two-factor
 * secrets in the database are encrypted with. Backups are written 0600 into a 0700 folder; the
 * PostgreSQL password goes to pg_dump / pg_restore through `PGPASSWORD`, never on their command
 * line (visible to every user in `ps`).
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import tar from 'tar-stream';
import { z } from 'zod';
import { closeDataDir, tightenTree } from './data-dir.ts';
import { lockDataDir } from './lock.ts';

const run = promisify(execFile);

/** A byte count for people: `812 B`, `4.2 KiB`, `31 MiB`, `1.2 GiB` (binary units). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** The kind of a database dump: PGlite's data directory (`*.pglite.tar.gz`) or pg_dump's (`*.pgdump`). */
export type BackupKind = 'pglite' | 'postgres';

/** Thrown for a backup or restore that cannot be done (message says why). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A file name for a new backup, e.g. `shop-2026-11-23T10-15-00Z.pglite.tar.gz`. */
function backupFileName(kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `shop-${stamp}.${kind === 'pglite' ? 'pglite.tar.gz' : 'pgdump'}`;
}

/** A file name for a new shop backup (database and photos), e.g. `shop-2026-11-23T10-15-00Z.backup.tar`. */
export function shopBackupFileName(now = new Date()): string {
  return backupFileName('pglite', now).replace(/\.pglite\.tar\.gz$/, '.backup.tar');
}

/**
 * The kind of a backup file, from its extension: `archive` for a shop backup (`*.backup.tar`,
 * database and photos), else the database-only dumps that earlier versions wrote.
 * @throws {BackupError} for another extension.
 */
export function backupKindOf(file: string): BackupKind | 'archive' {
  if (file.endsWith('.backup.tar')) return 'archive';
  if (file.endsWith('.pglite.tar.gz')) return 'pglite';
  if (file.endsWith('.pgdump')) return 'postgres';
  throw new BackupError(`${file}: not a shop backup (expected *.backup.tar, or *.pglite.tar.gz / *.pgdump of earlier versions)`);
}

/**
 * Writes a consistent copy of a PGlite data directory to `file` (gzip tarball).
 * @throws {import('./lock.ts').DataDirLockedError} while a server holds the directory.
 * @throws {BackupError} when the directory holds no database.
 */
export async function backupPglite(dataDir: string, file: string): Promise<{ bytes: number; counts: BackupCounts }> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no shop database`);
  const unlock = lockDataDir(dataDir);
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    const counts = countsOf((await db.query<Record<string, unknown>>(COUNTS_SQL)).rows[0]);
    const dump = await db.dumpDataDir('none');
    const bytes = gzipSync(onlyDatabaseEntries(Buffer.from(await dump.arrayBuffer())));
    backupFolder(file);
    const tmp = `${file}.partial`;
    fs.writeFileSync(tmp, bytes, { mode: 0o600 });
    fs.renameSync(tmp, file); // a crash mid-write never leaves a truncated file under the real name
    return { bytes: bytes.length, counts };
  } finally {
    await db?.close().catch(() => undefined);
    unlock();
  }
}

/**
 * Restores a PGlite backup into `dataDir`, which must not hold a database yet (restore into a new
 * directory, then point DATA_DIR at it: the old one stays untouched until you remove it).
 * @throws {BackupError} when `dataDir` already holds a database or the file is not a backup.
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`${dataDir} already holds a database: restore into a new, empty directory`);
  }
  closeDataDir(dataDir);
  const unlock = lockDataDir(dataDir);
  let db: PGlite | undefined;
  try {
    const blob = new Blob([fs.readFileSync(file)]);
    db = await PGlite.create({ dataDir, loadDataDir: blob, extensions: { pg_trgm } });
    await db.query('SELECT 1');
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw new BackupError(`${file}: cannot be restored (${(e as Error).message})`);
  } finally {
    await db?.close().catch(() => undefined);
    tightenTree(dataDir);
    unlock();
  }
}

/**
 * `pg_dump --format=custom` of the database at `databaseUrl` into `file`.
 * @throws {BackupError} with pg_dump's message when it fails (or is not installed).
 */
async function backupPostgres(databaseUrl: string, file: string): Promise<{ bytes: number; counts: BackupCounts }> {
  backupFolder(file);
  const counts = await postgresCounts(databaseUrl);
  const tmp = `${file}.partial`;
  fs.writeFileSync(tmp, '', { mode: 0o600 }); // pg_dump truncates it and keeps the mode
  const { url, env } = passwordApart(databaseUrl);
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${tmp}`, `--dbname=${url}`], { env });
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw new BackupError(`pg_dump failed: ${((e as { stderr?: string }).stderr || (e as Error).message).trim()}`);
  }
  fs.renameSync(tmp, file);
  return { bytes: fs.statSync(file).size, counts };
}

/**
 * Restores a `pg_dump` backup into the database at `databaseUrl` in one transaction: existing
 * objects of the shop are dropped and recreated, so the database ends exactly as in the backup, or
 * unchanged when anything fails.
 * @throws {BackupError} with pg_restore's message when it fails.
 */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const { url, env } = passwordApart(databaseUrl);
  try {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file], { env });
  } catch (e) {
    throw new BackupError(`pg_restore failed: ${((e as { stderr?: string }).stderr || (e as Error).message).trim()}`);
  }
}

/**
 * A connection URL without its password, and the child-process environment carrying it as
 * `PGPASSWORD` (libpq reads it; the command line is world-readable through `ps` and /proc).
 */
export function passwordApart(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const env = { ...process.env };
  let parsed: URL;
  try {
    parsed = new URL(databaseUrl);
  } catch {
    return { url: databaseUrl, env }; // a libpq key=value string: passed as it is
  }
  if (!parsed.password) return { url: databaseUrl, env };
  env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env };
}

/**
 * Creates the folder of a backup file 0700 when it does not exist. An existing folder keeps its
 * mode: it may be shared (a backup written to /tmp closed /tmp to every other user, PostgreSQL's
 * included), and the file itself is written 0600, which is what keeps other users out.
 */
function backupFolder(file: string): void {
  const dir = path.dirname(path.resolve(file));
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/**
 * Whether a path inside a PostgreSQL data directory belongs to the database cluster: its
 * version file, its configuration and the `base`, `global` and `pg_*` folders (PostgreSQL 17,
 * "Database File Layout"). Anything else in DATA_DIR is the shop's own.
 */
export function isDatabaseEntry(name: string): boolean {
  const top = name.replace(/^\.?\/+/, '').split('/')[0];
  return top === 'PG_VERSION' || top === 'base' || top === 'global' || top.startsWith('pg_') || top.startsWith('postgresql.') || top.startsWith('postmaster.');
}

/**
 * Keeps only the database's entries of an uncompressed (ustar) tarball: each entry is a
 * 512-byte header (name at 0, size in octal at 124, prefix at 345) followed by its data padded
 * to 512 bytes; PAX / GNU long-name headers go with the entry that follows them.
 */
export function onlyDatabaseEntries(tar: Buffer): Buffer {
  const text = (b: Buffer) => b.toString('utf8').replace(/\0.*$/s, '');
  const kept: Buffer[] = [];
  let pending: Buffer[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    const entry = tar.subarray(offset, end);
    const type = String.fromCharCode(header[156]);
    offset = end;
    if (type === 'x' || type === 'g' || type === 'L' || type === 'K') {
      pending.push(entry);
      continue;
    }
    const prefix = text(header.subarray(345, 500));
    const name = (prefix ? `${prefix}/` : '') + text(header.subarray(0, 100));
    if (isDatabaseEntry(name)) kept.push(...pending, entry);
    pending = [];
  }
  kept.push(Buffer.alloc(1024)); // the end-of-archive marker: two zero blocks
  return Buffer.concat(kept);
}

/** What a backup's database holds, counted when it was taken. */
export type BackupCounts = { orders: number; customers: number; products: number; twoFactorUsers: number };

/** Orders, non-admin accounts, products and accounts with two-factor log-in turned on. */
const COUNTS_SQL = `SELECT (SELECT count(*) FROM orders)::int AS orders,
  (SELECT count(*) FROM users WHERE role <> 'Admin')::int AS customers,
  (SELECT count(*) FROM products)::int AS products,
  (SELECT count(*) FROM two_factor WHERE confirmed_at IS NOT NULL)::int AS two_factor_users`;

function countsOf(row: Record<string, unknown> | undefined): BackupCounts {
  const n = (v: unknown) => Number(v ?? 0);
  return { orders: n(row?.orders), customers: n(row?.customers), products: n(row?.products), twoFactorUsers: n(row?.two_factor_users) };
}

async function postgresCounts(databaseUrl: string): Promise<BackupCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return countsOf((await client.query<Record<string, unknown>>(COUNTS_SQL)).rows[0]);
  } catch (e) {
    throw new BackupError(`cannot read the database at DATABASE_URL: ${(e as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The format name in a shop backup's manifest. */
const BACKUP_FORMAT = 'casa-del-tabaco-shop-backup';

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), entry: z.enum(['database.pglite.tar.gz', 'database.pgdump']), bytes: z.number().int().min(0) }),
  counts: z.object({ orders: z.number(), customers: z.number(), products: z.number(), twoFactorUsers: z.number() }),
  photos: z.discriminatedUnion('stored', [
    z.object({ stored: z.literal('archive'), count: z.number().int().min(0), bytes: z.number().int().min(0) }),
    z.object({ stored: z.literal('s3'), bucket: z.string() }),
  ]),
  secret: z.object({ source: z.enum(['SESSION_SECRET', 'secrets.json', 'none']), fingerprint: z.string().nullable() }),
});

/**
 * What a shop backup holds (`manifest.json`, its first entry): the database kind and its dump's
 * size in bytes, what the database counted, the photos (count and bytes in the archive, or the S3
 * bucket they stay in) and where the backed-up shop's session secret came from, with its
 * {@link secretFingerprint} (never the secret).
 */
export type BackupManifest = z.infer<typeof ManifestSchema>;

/**
 * A fingerprint of a session secret: HMAC-SHA-256 of a fixed, purpose-bound text under it
 * (128 bits, base64url). It tells whether two installations share a secret and reveals nothing
 * a signed session token does not.
 */
export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('casa-tabaco backup secret check v1').digest('base64url').slice(0, 22);
}

/**
 * The session secret an installation uses, read without creating one: `SESSION_SECRET`, else the
 * one generated into `DATA_DIR/secrets.json` (core/shop.ts), else none (a new one is generated
 * at the next start).
 */
export function sessionSecretOf(env: { SESSION_SECRET?: string; DATA_DIR: string }): { secret: string | null; source: BackupManifest['secret']['source'] } {
  if (env.SESSION_SECRET) return { secret: env.SESSION_SECRET, source: 'SESSION_SECRET' };
  if (env.DATA_DIR !== 'memory://') {
    try {
      const parsed = JSON.parse(fs.readFileSync(path.join(env.DATA_DIR, 'secrets.json'), 'utf8')) as { sessionSecret?: unknown };
      if (typeof parsed.sessionSecret === 'string' && parsed.sessionSecret) return { secret: parsed.sessionSecret, source: 'secrets.json' };
    } catch {
      /* no secrets.json (yet) */
    }
  }
  return { secret: null, source: 'none' };
}

/**
 * Whether `target` is `folder` or lies below it, symbolic links resolved (for the parts of
 * `target` that exist yet).
 */
export function isInsideFolder(target: string, folder: string): boolean {
  const real = (p: string): string => {
    const abs = path.resolve(p);
    try {
      return fs.realpathSync(abs);
    } catch {
      const parent = path.dirname(abs);
      return parent === abs ? abs : path.join(real(parent), path.basename(abs));
    }
  };
  const rel = path.relative(real(folder), real(target));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Photo files below `dir` (relative paths with `/`, sorted), none when it does not exist. */
function photoFiles(dir: string): Array<{ key: string; file: string; bytes: number }> {
  const out: Array<{ key: string; file: string; bytes: number }> = [];
  const walk = (sub: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, sub), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const key = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(key);
      else if (e.isFile() && PHOTO_KEY.test(key) && !key.includes('..'))
        out.push({ key, file: path.join(dir, key), bytes: fs.statSync(path.join(dir, key)).size });
    }
  };
  walk('');
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The keys a photo store uses (core/catalogue/photo-store.ts): `/` and `[0-9a-z.-]` only. */
const PHOTO_KEY = /^[0-9a-z][0-9a-z./-]*$/;

/**
 * Writes a shop backup: the database dump, then the photos, into one tar file `file`
 * (see the file comment). Where photos live is the caller's: a folder (`DATA_DIR/media`), or an
 * S3 bucket, which is only named.
 * @returns the manifest written and the file's size in bytes.
 * @throws {import('./lock.ts').DataDirLockedError} while a server holds the PGlite directory.
 * @throws {BackupError} when the database cannot be dumped.
 */
export async function writeShopBackup(opts: {
  file: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  photos: { dir: string } | { bucket: string };
  secret: { secret: string | null; source: BackupManifest['secret']['source'] };
  now?: Date;
}): Promise<{ manifest: BackupManifest; bytes: number }> {
  backupFolder(opts.file);
  const entry = opts.database.kind === 'pglite' ? 'database.pglite.tar.gz' : 'database.pgdump';
  const dump = `${opts.file}.${entry}.partial`;
  const tmp = `${opts.file}.partial`;
  try {
    const db = opts.database.kind === 'pglite' ? await backupPglite(opts.database.dataDir, dump) : await backupPostgres(opts.database.url, dump);
    const files = 'dir' in opts.photos ? photoFiles(opts.photos.dir) : [];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: (opts.now ?? new Date()).toISOString(),
      database: { kind: opts.database.kind, entry, bytes: db.bytes },
      counts: db.counts,
      photos:
        'dir' in opts.photos
          ? { stored: 'archive', count: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0) }
          : { stored: 's3', bucket: opts.photos.bucket },
      secret: { source: opts.secret.source, fingerprint: opts.secret.secret ? secretFingerprint(opts.secret.secret) : null },
    };
    const pack = tar.pack();
    const written = pipeline(pack, fs.createWriteStream(tmp, { mode: 0o600 }));
    const add = (name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) => pack.entry({ name, size: body.length, mode: 0o600 }, body, (e) => (e ? reject(e) : resolve())));
    await add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    await new Promise<void>((resolve, reject) => {
      const sink = pack.entry({ name: entry, size: db.bytes, mode: 0o600 }, (e) => (e ? reject(e) : resolve()));
      pipeline(fs.createReadStream(dump), sink).catch(reject);
    });
    let count = 0;
    let bytes = 0;
    for (const f of files) {
      let body: Buffer;
      try {
        body = fs.readFileSync(f.file);
      } catch {
        continue; // removed since it was listed (a photo deleted while the shop serves)
      }
      await add(`media/${f.key}`, body);
      count++;
      bytes += body.length;
    }
    // what the archive really holds (the manifest inside lists what was there when it was taken)
    if (manifest.photos.stored === 'archive') manifest.photos = { stored: 'archive', count, bytes };
    pack.finalize();
    await written;
    fs.renameSync(tmp, opts.file); // a crash mid-write never leaves a truncated file under the real name
    return { manifest, bytes: fs.statSync(opts.file).size };
  } finally {
    fs.rmSync(dump, { force: true });
    fs.rmSync(tmp, { force: true });
  }
}

/** A shop backup read into a staging folder by {@link readShopBackup}. */
export type StagedBackup = {
  manifest: BackupManifest;
  /** The database dump, restorable by {@link restorePglite} or {@link restorePostgres}. */
  databaseFile: string;
  /** The photos: key in the photo store (`products/<id>/<width>.<ext>`) and the staged file. */
  photos: Array<{ key: string; file: string }>;
};

/**
 * Reads a shop backup: its manifest only (`manifestOnly`), or every entry into `stagingDir`
 * (which must exist and be empty), checked against the manifest so that a truncated or altered
 * archive restores nothing. Entry names are checked before anything is written: only the
 * manifest, the database dump and `media/<photo key>` are accepted.
 * @throws {BackupError} for a file that is not a complete shop backup.
 */
export async function readShopBackup(file: string, stagingDir: string | null): Promise<StagedBackup> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), extract);
  let manifest: BackupManifest | undefined;
  let databaseFile = '';
  const photos: StagedBackup['photos'] = [];
  const bad = (why: string) => new BackupError(`${file}: not a complete shop backup (${why})`);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (!manifest) {
        if (name !== 'manifest.json' || type !== 'file') throw bad('no manifest.json at its start');
        const chunks: Buffer[] = [];
        for await (const c of entry) chunks.push(Buffer.from(c as Uint8Array));
        const parsed = ManifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        if (!parsed.success) throw bad('unknown manifest');
        manifest = parsed.data;
        if (!stagingDir) break;
        continue;
      }
      if (type !== 'file') throw bad(`unexpected entry ${name}`);
      let dest: string;
      if (name === manifest.database.entry && !databaseFile) {
        dest = databaseFile = path.join(stagingDir!, name);
      } else if (name.startsWith('media/') && PHOTO_KEY.test(name.slice(6)) && !name.includes('..') && manifest.photos.stored === 'archive') {
        dest = path.join(stagingDir!, name);
        photos.push({ key: name.slice(6), file: dest });
        fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
      } else {
        throw bad(`unexpected entry ${name}`);
      }
      await pipeline(entry, fs.createWriteStream(dest, { mode: 0o600 }));
    }
    if (stagingDir) await reading;
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw bad((e as Error).message);
  } finally {
    extract.destroy();
    await reading.catch(() => undefined);
  }
  if (!manifest) throw bad('no manifest.json at its start');
  if (stagingDir) {
    if (!databaseFile || fs.statSync(databaseFile).size !== manifest.database.bytes) throw bad('the database dump is missing or cut short');
    // fewer photos than listed: one removed while a PostgreSQL shop served (a cut archive fails above)
    if (manifest.photos.stored === 'archive' && photos.length > manifest.photos.count) throw bad(`${photos.length} photos, ${manifest.photos.count} listed`);
  }
  return { manifest, databaseFile, photos };
}
