/**
 * `npm run backup -- [folder]`: writes one backup file of the shop, `shop-<UTC time>.backup.tar`,
 * holding the database and the product photos (`DATA_DIR/media`; with `S3_BUCKET` the photos stay
 * in the bucket, which the backup names), and prints what it holds.
 *
 * Where: the folder argument, else `BACKUP_DIR`, else `~/casa-shop-backups`: outside the code
 * folder, which a redeploy (`git clean`, a fresh clone, a new container image) replaces. A folder
 * inside the code folder is refused.
 * PGlite (DATA_DIR): stop the server first (one process per data directory); PostgreSQL
 * (DATABASE_URL): runs while the shop serves (pg_dump takes a snapshot).
 * The session secret is never in a backup (docs/operations.md, "Backups").
 * Exit codes: 0 written, 2 usage or environment error, 3 database in use or backup failed.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedFailure, loadScriptEnv } from './lib/cli.ts';
import { mediaRoot } from '../core/catalogue/index.ts';
import {
  BackupError,
  DataDirLockedError,
  formatBytes,
  isInsideFolder,
  restrictUmask,
  sessionSecretOf,
  shopBackupFileName,
  writeShopBackup,
} from '../core/db/index.ts';

/** The code folder (the repository or the image's /app): this script's parent folder. */
const CODE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where backups go when neither a folder argument nor BACKUP_DIR says. */
const DEFAULT_BACKUP_DIR = path.join(os.homedir(), 'casa-shop-backups');

async function main(argv: string[]): Promise<number> {
  const env = loadScriptEnv();
  if (!env) return 2;
  const folder = path.resolve(argv.find((a) => !a.startsWith('-')) ?? (process.env.BACKUP_DIR || DEFAULT_BACKUP_DIR));
  if (isInsideFolder(folder, CODE_DIR)) {
    console.error(
      `Refused: ${folder} is inside the code folder ${CODE_DIR}, which an update or a new deployment replaces (and git may clean).\n` +
        `Write backups elsewhere: set BACKUP_DIR (e.g. /var/backups/casa-shop) or pass a folder: npm run backup -- /path/outside/the/code`,
    );
    return 2;
  }
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind === 'pglite' && env.DATA_DIR === 'memory://') {
    console.error('DATA_DIR=memory:// has nothing to back up');
    return 2;
  }
  const media = mediaRoot(env);
  if (env.DATA_DIR !== 'memory://' && isInsideFolder(folder, env.DATA_DIR)) {
    console.warn(`Warning: ${folder} is inside DATA_DIR (${env.DATA_DIR}): a disk that loses the data loses these backups too. Copy them off the machine.`);
  }
  const now = new Date();
  const file = path.join(folder, shopBackupFileName(now));
  const secret = sessionSecretOf(env);
  try {
    const { manifest, bytes } = await writeShopBackup({
      file,
      database: kind === 'postgres' ? { kind, url: env.DATABASE_URL! } : { kind, dataDir: env.DATA_DIR },
      photos: env.S3_BUCKET ? { bucket: env.S3_BUCKET } : { dir: media },
      secret,
      now,
    });
    const c = manifest.counts;
    const where = kind === 'postgres' ? 'PostgreSQL (DATABASE_URL), pg_dump' : `PGlite (DATA_DIR ${env.DATA_DIR})`;
    const lines = [
      `Backup written: ${file} (${formatBytes(bytes)})`,
      `  Database: ${where}, dump ${formatBytes(manifest.database.bytes)}: ${c.orders} orders, ${c.customers} customer accounts, ${c.products} products`,
      manifest.photos.stored === 's3'
        ? `  Photos: not in this file: they stay in the S3 bucket "${manifest.photos.bucket}" (S3_BUCKET); back the bucket up with its provider (versioning or a copy)`
        : `  Photos: ${manifest.photos.count} photo files, ${formatBytes(manifest.photos.bytes)}, from ${media}`,
      `  Not in this backup, on purpose: the session secret (${secret.source === 'SESSION_SECRET' ? 'SESSION_SECRET' : path.join(env.DATA_DIR, 'secrets.json')}).`,
      `    Keep a copy apart from the backups (a password manager or secret store): it signs sessions and encrypts the two-factor secrets` +
        ` (${c.twoFactorUsers} account${c.twoFactorUsers === 1 ? '' : 's'} with two-factor log-in). Restored without it, those accounts need a recovery code and a new set-up.`,
    ];
    if (secret.source === 'none')
      lines.push('    This installation has no lasting secret (SESSION_SECRET unset and no DATA_DIR/secrets.json): every start makes a new one.');
    lines.push('  Copy the file off this machine (another host or an object store, encrypted). Restore: npm run restore -- <file>');
    console.log(lines.join('\n'));
    return 0;
  } catch (e) {
    return expectedFailure(e, [
      [DataDirLockedError, 3],
      [BackupError, 3],
    ]);
  }
}

restrictUmask(); // a backup holds every account: readable by the shop's user only
process.exitCode = await main(process.argv.slice(2));
