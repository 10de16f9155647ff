/**
 * `npm run restore -- <backup file>`: restores a backup made by `npm run backup`, then prints a
 * checklist of what a backup cannot carry (the session secret, SMTP, PUBLIC_URL, Datatrans keys).
 * - `*.backup.tar` (database and photos): the database as below, then the photos into the shop's
 *   photo store (`DATA_DIR/media`, or the S3 bucket when `S3_BUCKET` is set). The archive is read
 *   and checked completely before anything is written.
 * - The database of a PGlite backup goes into DATA_DIR, which must not hold a database yet: restore
 *   into a new directory (`DATA_DIR=./data-restored npm run restore -- file`), then start the shop
 *   on it. A PostgreSQL backup goes into DATABASE_URL, in one transaction (the shop's tables are
 *   replaced; stop the app processes first so no order is written in between).
 * - `*.pglite.tar.gz` and `*.pgdump` (earlier versions, database only) restore as before, with a
 *   warning that they hold no photos.
 * Exit codes: 0 restored, 2 usage or environment error, 3 target in use or restore failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectedFailure, loadScriptEnv } from './lib/cli.ts';
import { mediaRoot, photoStore } from '../core/catalogue/index.ts';
import type { Env } from '../core/config/index.ts';
import {
  BackupError,
  DataDirLockedError,
  backupKindOf,
  formatBytes,
  readShopBackup,
  restorePglite,
  restorePostgres,
  restrictUmask,
  secretFingerprint,
  sessionSecretOf,
  type BackupManifest,
} from '../core/db/index.ts';

/** A wrong environment for this backup (exit code 2, nothing written). */
class UsageError extends Error {}

const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** Refuses a database kind the environment cannot take, before anything is read or written. */
function checkTarget(kind: 'pglite' | 'postgres', env: Env): void {
  if (kind === 'postgres' && !env.DATABASE_URL) throw new UsageError('this backup holds a PostgreSQL database: set DATABASE_URL to restore it');
  if (kind === 'pglite') {
    if (env.DATABASE_URL) throw new UsageError('this backup holds a PGlite database, which restores into DATA_DIR: unset DATABASE_URL');
    if (env.DATA_DIR === 'memory://') throw new UsageError('set DATA_DIR to the new data directory');
    if (fs.existsSync(path.join(env.DATA_DIR, 'PG_VERSION')))
      throw new BackupError(`${env.DATA_DIR} already holds a database: restore into a new, empty directory`);
  }
}

/** What the checklist says about photos. */
type PhotoResult = { restored: number; bytes: number; into: string } | { bucket: string } | 'none-in-backup';

/** The checklist printed after a restore: one line per thing a backup cannot carry. */
function checklist(env: Env, manifest: BackupManifest | null, photos: PhotoResult): string[] {
  const lines = ['Before you start the shop on it, check:'];
  const ok = (s: string) => lines.push(`  [ok] ${s}`);
  const needsAction = (s: string) => lines.push(`  [!!] ${s}`);
  const info = (s: string) => lines.push(`  [--] ${s}`);
  const media = env.S3_BUCKET ? `the S3 bucket "${env.S3_BUCKET}"` : mediaRoot(env);

  if (photos === 'none-in-backup')
    needsAction(
      `Photos: this backup (made by an earlier version) holds the database only, no photos. Copy the old installation's DATA_DIR/media into ${media}, ` +
        `or set S3_BUCKET to the bucket they were in; until then every product photo is broken.`,
    );
  else if ('bucket' in photos) {
    const same = env.S3_BUCKET === photos.bucket;
    (same ? ok : needsAction)(
      `Photos: not in the backup, they stay in the S3 bucket "${photos.bucket}"; S3_BUCKET here is ${env.S3_BUCKET ? `"${env.S3_BUCKET}"` : 'unset'}` +
        (same ? '.' : `: set S3_BUCKET="${photos.bucket}" with its S3_ENDPOINT and keys, or the photos stay broken.`),
    );
  } else ok(`Photos: ${photos.restored} photo files (${formatBytes(photos.bytes)}) restored into ${photos.into}.`);

  const here = sessionSecretOf(env);
  const users = manifest ? manifest.counts.twoFactorUsers : null;
  const lost =
    users === 0
      ? 'every session ends (no account uses two-factor log-in).'
      : `every session ends, and ${users === null ? 'every account' : `the ${users} account${users === 1 ? '' : 's'}`} with two-factor log-in ` +
        `must log in with a recovery code and set two-factor log-in up again (the secrets are encrypted with the session secret).`;
  const keep = `set SESSION_SECRET to the old installation's value, or copy its secrets.json to ${path.join(env.DATA_DIR, 'secrets.json')} (mode 0600)`;
  if (!manifest || manifest.secret.source === 'none' || !manifest.secret.fingerprint) {
    if (!manifest) needsAction(`Session secret: this backup (earlier version) does not say which secret the old shop used: ${keep}; otherwise ${lost}`);
    else info('Session secret: the backed-up shop had no lasting secret (SESSION_SECRET unset and no secrets.json); sessions start anew.');
  } else if (!here.secret) {
    needsAction(`Session secret: none here yet, and the shop will generate a new one at its first start: ${keep} first; otherwise ${lost}`);
  } else if (secretFingerprint(here.secret) === manifest.secret.fingerprint) {
    ok(
      `Session secret: the same as the backed-up shop's (${here.source}): sessions and ${users} two-factor log-in${users === 1 ? '' : 's'} keep working. ` +
        'It is not in the backup: keep it apart.',
    );
  } else {
    needsAction(`Session secret: ${here.source} differs from the backed-up shop's: ${keep}; otherwise ${lost}`);
  }

  if (env.SMTP_URL) ok('SMTP_URL is set: mails are sent.');
  else needsAction('SMTP_URL is not set: mails (order confirmations, e-mail confirmations) wait in the outbox until it is.');
  if (env.PUBLIC_URL) ok(`PUBLIC_URL is ${env.PUBLIC_URL}: links in mails and the sitemap point there.`);
  else needsAction('PUBLIC_URL is not set: production refuses to start without it (the shop address for links in mails, e.g. https://shop.example.ch).');
  if (env.DATATRANS_MERCHANT_ID && env.DATATRANS_PASSWORD && env.DATATRANS_SIGN_KEY)
    ok(`Datatrans keys are set (${env.DATATRANS_API_URL}): card and TWINT payments are offered.`);
  else info('Datatrans keys (DATATRANS_MERCHANT_ID, DATATRANS_PASSWORD, DATATRANS_SIGN_KEY) are not all set: only QR-bill is offered.');
  return lines;
}

/** Restores a shop backup (database and photos); returns what the checklist needs. */
async function restoreArchive(file: string, env: Env): Promise<{ manifest: BackupManifest; photos: PhotoResult }> {
  const { manifest: head } = await readShopBackup(file, null);
  checkTarget(head.database.kind, env);
  const parent = env.DATA_DIR === 'memory://' ? os.tmpdir() : env.DATA_DIR;
  fs.mkdirSync(parent, { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(parent, '.restore-'));
  try {
    const staged = await readShopBackup(file, staging);
    if (head.database.kind === 'postgres') await restorePostgres(staged.databaseFile, env.DATABASE_URL!);
    else await restorePglite(staged.databaseFile, env.DATA_DIR);
    if (staged.manifest.photos.stored === 's3') return { manifest: staged.manifest, photos: { bucket: staged.manifest.photos.bucket } };
    const store = photoStore(env);
    let bytes = 0;
    for (const p of staged.photos) {
      const body = fs.readFileSync(p.file);
      await store.put(p.key, body, CONTENT_TYPES[path.extname(p.key).slice(1)] ?? 'application/octet-stream');
      bytes += body.length;
    }
    return {
      manifest: staged.manifest,
      photos: { restored: staged.photos.length, bytes, into: env.S3_BUCKET ? `the S3 bucket "${env.S3_BUCKET}"` : mediaRoot(env) },
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file || !fs.existsSync(file)) {
    console.error(file ? `${file}: no such file` : 'Usage: npm run restore -- <backup file>');
    return 2;
  }
  const env = loadScriptEnv();
  if (!env) return 2;
  const target = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : env.DATA_DIR;
  try {
    const kind = backupKindOf(file);
    let manifest: BackupManifest | null = null;
    let photos: PhotoResult = 'none-in-backup';
    if (kind === 'archive') {
      ({ manifest, photos } = await restoreArchive(file, env));
      const c = manifest.counts;
      console.log(
        `Restored ${file} (taken ${manifest.createdAt}) into ${target}: ${c.orders} orders, ${c.customers} customer accounts, ${c.products} products.`,
      );
    } else {
      checkTarget(kind, env);
      if (kind === 'postgres') await restorePostgres(file, env.DATABASE_URL!);
      else await restorePglite(file, env.DATA_DIR);
      console.log(`Restored ${file} into ${target}.`);
      console.warn('Warning: this backup was made by an earlier version and holds the database only: no photos, see the checklist.');
    }
    console.log(checklist(env, manifest, photos).join('\n'));
    return 0;
  } catch (e) {
    return expectedFailure(e, [
      [UsageError, 2],
      [BackupError, 3],
      [DataDirLockedError, 3],
    ]);
  }
}

restrictUmask(); // a backup holds every account: readable by the shop's user only
process.exitCode = await main(process.argv.slice(2));
