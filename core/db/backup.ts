/**
 * Backups and restores of the shop's database (issue 13, "Backups").
 *
 * - PGlite (embedded default): a consistent copy of the whole data directory as PGlite's own
 *   gzip tarball (`dumpDataDir`), taken from a process that holds the data-directory lock, so no
 *   server writes while it is taken. Restore creates a new data directory from the tarball.
 * - PostgreSQL (`DATABASE_URL`): `pg_dump --format=custom` (a consistent snapshot even while the
 *   shop runs) and `pg_restore --clean --if-exists --no-owner --single-transaction`, both from
 *   Debian's PostgreSQL client.
 *
 * The database holds every order, payment, stock level and account. Files beside it in DATA_DIR
 * (`secrets.json`, uploaded product photos) are copied by the file-system backup of DATA_DIR.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
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
  fs.mkdirSync(dataDir, { recursive: true });
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
    unlock();
  }
}

/**
 * `pg_dump --format=custom` of the database at `databaseUrl` into `file`.
 * @throws {BackupError} with pg_dump's message when it fails (or is not installed).
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<{ bytes: number }> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${tmp}`, `--dbname=${databaseUrl}`]);
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
  try {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
  } catch (e) {
    throw new BackupError(`pg_restore failed: ${((e as { stderr?: string }).stderr || (e as Error).message).trim()}`);
  }
}
