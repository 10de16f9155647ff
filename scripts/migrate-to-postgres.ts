/**
 * `DATABASE_URL=postgres://… npm run migrate:to-postgres` (docs/operations.md, "From PGlite to PostgreSQL"): copies
 * the stopped PGlite shop in `DATA_DIR` (default `./data`) into an empty PostgreSQL database,
 * checks the row counts table by table and prints them (core/db/to-postgres.ts). Product photos
 * stay under `DATA_DIR/media`, or are copied to the bucket when `S3_BUCKET` (and its variables)
 * are set. Then `DATABASE_URL=… npm start` runs the same shop.
 *
 * The target comes from `DATABASE_URL`, never with its password from the command line: every
 * user of the machine can read a process's arguments (`ps`, `/proc/<pid>/cmdline`), not its
 * environment. A URL without a password may still be the argument; the password then comes from
 * `PGPASSWORD` or, on a terminal, is asked for (not echoed). A URL with a password as the argument
 * is refused.
 *
 * Exit codes: 0 moved; 1 refused or failed (nothing committed); 2 usage; 3 a server holds DATA_DIR.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { loadEnv, EnvError } from '../core/config/index.ts';
import { DataDirLockedError, copyPgliteToPostgres, MoveError } from '../core/db/index.ts';
import { mediaRoot, photoStore } from '../core/catalogue/index.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** Every file under `root`, as paths relative to it with `/`. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
}

/** Reads a line from the terminal without echoing it (the database password). */
function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let asked = false;
  output._writeToOutput = (s: string) => {
    if (!asked) process.stdout.write(s);
    asked = true;
  };
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

const USAGE =
  'usage: DATABASE_URL=postgres://user:password@host:5432/database npm run migrate:to-postgres   (DATA_DIR names the PGlite directory, default ./data)';
const argument = process.argv[2];
const fromEnv = process.env.DATABASE_URL;
let url = fromEnv || argument;
if (!url || !/^postgres(ql)?:\/\//.test(url) || !URL.canParse(url)) {
  console.error(USAGE);
  process.exit(2);
}
if (argument && URL.canParse(argument) && new URL(argument).password) {
  console.error(
    'Refused: the database URL on the command line holds a password, and every user of this machine can read a command line (ps, /proc). ' +
      'Put the URL in DATABASE_URL instead (DATABASE_URL=postgres://user:password@host:5432/database npm run migrate:to-postgres), ' +
      'or leave the password out of the URL and set PGPASSWORD or type it when asked.',
  );
  process.exit(2);
}
if (!new URL(url).password && !process.env.PGPASSWORD && process.stdin.isTTY) {
  const password = await askHidden(`Password of ${new URL(url).username || 'the database user'} (empty for none): `);
  if (password) {
    const withPassword = new URL(url);
    withPassword.password = encodeURIComponent(password);
    url = withPassword.toString();
  }
}
let env;
try {
  env = loadEnv({ ...process.env, DATABASE_URL: undefined });
} catch (e) {
  console.error(e instanceof EnvError ? e.message : e);
  process.exit(2);
}
const dataDir = env.DATA_DIR;
const shown = new URL(url);
if (shown.password) shown.password = '***';
console.log(`Moving the PGlite shop in ${path.resolve(dataDir)} to ${shown.toString()}`);
try {
  const started = Date.now();
  const { tables, sequences } = await copyPgliteToPostgres(dataDir, url);
  const width = Math.max(...tables.map((t) => t.table.length));
  console.log(`\n${'table'.padEnd(width)}  ${'PGlite'.padStart(8)}  ${'PostgreSQL'.padStart(10)}`);
  for (const t of tables) console.log(`${t.table.padEnd(width)}  ${String(t.source).padStart(8)}  ${String(t.target).padStart(10)}`);
  const rows = tables.reduce((n, t) => n + t.target, 0);
  console.log(`\n${tables.length} tables, ${rows} rows, ${sequences} sequences: every count matches (${((Date.now() - started) / 1000).toFixed(1)} s).`);
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(3);
  }
  console.error(e instanceof MoveError ? `Not moved: ${e.message}` : e);
  console.error('Nothing was committed to PostgreSQL. If the migrations ran there, drop and recreate the database before trying again.');
  process.exit(1);
}

// photos: on disk they stay where they are; with a bucket configured they are copied to it
const media = mediaRoot(env);
const photos = filesUnder(media);
if (env.S3_BUCKET) {
  const store = photoStore(env);
  for (const key of photos) await store.put(key, fs.readFileSync(path.join(media, key)), CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream');
  console.log(`${photos.length} photo file(s) copied from ${media} to the bucket ${env.S3_BUCKET}; keep S3_* set for the new start.`);
} else if (photos.length) {
  console.log(`${photos.length} photo file(s) stay in ${media}: start the shop with DATA_DIR=${dataDir} (or set S3_* and run this again on a new database).`);
}
if (!env.SESSION_SECRET && fs.existsSync(path.join(dataDir, 'secrets.json')))
  console.log(
    `The session secret is in ${path.join(dataDir, 'secrets.json')}: keep DATA_DIR=${dataDir} (or put it in SESSION_SECRET) and logged-in customers stay logged in.`,
  );
console.log(`\nNext: DATABASE_URL=${shown.toString()} DATA_DIR=${dataDir} npm start`);
