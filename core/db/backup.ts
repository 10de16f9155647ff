/**
 * Backups and restores of the shop's database.
 *
 * - PGlite (embedded default): a consistent copy of the whole data directory as PGlite's own
 *   gzip tarball (`dumpDataDir`), taken from a process that holds the data-directory lock, so no
 *   server writes while it is taken. Restore creates a new data directory from the tarball.
 * - PostgreSQL (`DATABASE_URL`): `pg_dump --format=custom` (a consistent snapshot even while the
 *   shop runs) and `pg_restore --clean --if-exists --no-owner --single-transaction`, both from
 *   Debian's PostgreSQL client.
 *
 * The database holds every order, payment, stock level and account. A backup holds the database
 * and nothing else: PGlite keeps its files in DATA_DIR beside the shop's own (`secrets.json`,
 * uploaded photos, the lock file), and its dump would carry them all, so the tarball is filtered
 * down to PostgreSQL's data-directory entries. Whoever holds a backup must not be able to sign
 * sessions for the live shop. Backups are written 0600 into a 0700 folder; the PostgreSQL
 * password goes to pg_dump / pg_restore through `PGPASSWORD`, never on their command line
 * (visible to every user in `ps`).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { closeDataDir, tightenTree } from './data-dir.ts';
import { lockDataDir } from './lock.ts';

const run = promisify(execFile);

/** The kind of a backup file, from its name: `*.pglite.tar.gz` or `*.pgdump`. */
export type BackupKind = 'pglite' | 'postgres';

/** Thrown for a backup or restore that cannot be done (message says why). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A file name for a new backup, e.g. `shop-2026-11-23T10-15-00Z.pglite.tar.gz`. */
export function backupFileName(kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `shop-${stamp}.${kind === 'pglite' ? 'pglite.tar.gz' : 'pgdump'}`;
}

/** The kind of a backup file, from its extension. @throws {BackupError} for another extension. */
export function backupKindOf(file: string): BackupKind {
  if (file.endsWith('.pglite.tar.gz')) return 'pglite';
  if (file.endsWith('.pgdump')) return 'postgres';
  throw new BackupError(`${file}: not a shop backup (expected *.pglite.tar.gz or *.pgdump)`);
}

/**
 * Writes a consistent copy of a PGlite data directory to `file` (gzip tarball).
 * @throws {import('./lock.ts').DataDirLockedError} while a server holds the directory.
 * @throws {BackupError} when the directory holds no database.
 */
export async function backupPglite(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no shop database`);
  const unlock = lockDataDir(dataDir);
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    const dump = await db.dumpDataDir('none');
    const bytes = gzipSync(onlyDatabaseEntries(Buffer.from(await dump.arrayBuffer())));
    backupFolder(file);
    const tmp = `${file}.partial`;
    fs.writeFileSync(tmp, bytes, { mode: 0o600 });
    fs.renameSync(tmp, file); // a crash mid-write never leaves a truncated file under the real name
    return { bytes: bytes.length };
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
export async function backupPostgres(databaseUrl: string, file: string): Promise<{ bytes: number }> {
  backupFolder(file);
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
  return { bytes: fs.statSync(file).size };
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
