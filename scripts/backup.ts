/**
 * `npm run backup -- [folder]`: writes a consistent backup of the shop's
 * database into `folder` (default `BACKUP_DIR` or `./backups`) and prints its path and size.
 * PGlite (DATA_DIR): stop the server first (one process per data directory); PostgreSQL
 * (DATABASE_URL): runs while the shop serves (pg_dump takes a snapshot).
 * Exit codes: 0 written, 2 usage or environment error, 3 database in use or backup failed.
 */
import path from 'node:path';
import { loadScriptEnv } from './lib/cli.ts';
import { BackupError, backupFileName, backupPglite, backupPostgres } from '../core/db/index.ts';
import { DataDirLockedError } from '../core/db/index.ts';
import { restrictUmask } from '../core/db/index.ts';

async function main(argv: string[]): Promise<number> {
  const env = loadScriptEnv();
  if (!env) return 2;
  const folder = path.resolve(argv.find((a) => !a.startsWith('-')) ?? process.env.BACKUP_DIR ?? 'backups');
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind === 'pglite' && env.DATA_DIR === 'memory://') {
    console.error('DATA_DIR=memory:// has nothing to back up');
    return 2;
  }
  const file = path.join(folder, backupFileName(kind));
  try {
    const { bytes } = kind === 'postgres' ? await backupPostgres(env.DATABASE_URL!, file) : await backupPglite(env.DATA_DIR, file);
    console.log(`Backup written: ${file} (${(bytes / 1024).toFixed(0)} KiB)`);
    return 0;
  } catch (e) {
    if (e instanceof DataDirLockedError || e instanceof BackupError) {
      console.error(e.message);
      return 3;
    }
    throw e;
  }
}

restrictUmask(); // a backup holds every account: readable by the shop's user only
process.exitCode = await main(process.argv.slice(2));
