/**
 * `npm run restore -- <backup file>`: restores a backup made by
 * `npm run backup`.
 * - `*.pglite.tar.gz` into DATA_DIR, which must not hold a database yet: restore into a new
 *   directory (`DATA_DIR=./data-restored npm run restore -- file`), then start the shop on it.
 * - `*.pgdump` into DATABASE_URL, in one transaction (the shop's tables are replaced; stop the app
 *   processes first so no order is written in between).
 * Exit codes: 0 restored, 2 usage or environment error, 3 target in use or restore failed.
 */
import fs from 'node:fs';
import { loadScriptEnv } from './lib/cli.ts';
import { BackupError, backupKindOf, restorePglite, restorePostgres } from '../core/db/index.ts';
import { DataDirLockedError } from '../core/db/index.ts';
import { restrictUmask } from '../core/db/index.ts';

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file || !fs.existsSync(file)) {
    console.error(file ? `${file}: no such file` : 'Usage: npm run restore -- <backup file>');
    return 2;
  }
  const env = loadScriptEnv();
  if (!env) return 2;
  try {
    const kind = backupKindOf(file);
    if (kind === 'postgres') {
      if (!env.DATABASE_URL) throw new BackupError('a *.pgdump backup restores into PostgreSQL: set DATABASE_URL');
      await restorePostgres(file, env.DATABASE_URL);
      console.log(`Restored ${file} into PostgreSQL (DATABASE_URL).`);
    } else {
      if (env.DATABASE_URL) throw new BackupError('a *.pglite.tar.gz backup restores into DATA_DIR: unset DATABASE_URL');
      if (env.DATA_DIR === 'memory://') throw new BackupError('set DATA_DIR to the new data directory');
      await restorePglite(file, env.DATA_DIR);
      console.log(`Restored ${file} into ${env.DATA_DIR}.`);
    }
    return 0;
  } catch (e) {
    if (e instanceof BackupError) {
      console.error(e.message);
      return e.message.startsWith('a *') || e.message.startsWith('set ') ? 2 : 3;
    }
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      return 3;
    }
    throw e;
  }
}

restrictUmask(); // a backup holds every account: readable by the shop's user only
process.exitCode = await main(process.argv.slice(2));
