/**
 * Child process of the Vitest global set-up (tests/helpers/global-setup.ts): migrates and seeds one
 * database the way `openShop` does on a first start (settings, and the starting catalogue unless
 * `none`), so that every test file can start from a copy of it.
 *
 * Usage: `node --import tsx tests/helpers/seed-database.ts <catalogue file | none> <target>`, where
 * target is a PostgreSQL URL (the database is left as a template to clone) or a file path (a
 * PGlite data directory is created beside it and dumped there as an uncompressed tar, the image
 * `openShop({ DATA_DIR: 'memory://' }, { pgliteImage })` starts from).
 *
 * A child because PGlite's cluster creation grows the WebAssembly memory of its process for good
 * and `openShop` narrows the process umask: neither should stay with the test runner.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pino from 'pino';
import { openShop } from '../../core/shop.ts';

const [catalogue, target] = process.argv.slice(2);
if (!catalogue || !target) throw new Error('usage: seed-database.ts <catalogue file | none> <postgres URL | image file>');
const postgres = /^postgres(ql)?:\/\//.test(target);
const dataDir = `${target}.dir`;
const shop = await openShop(
  {
    NODE_ENV: 'test',
    DATA_DIR: postgres ? 'memory://' : dataDir,
    DATABASE_URL: postgres ? target : undefined,
    SESSION_SECRET: 'seed-database-'.padEnd(64, '0'),
    LOG_LEVEL: 'silent',
    SMTP_URL: undefined,
    PUBLIC_URL: 'http://shop.test',
  },
  { catalogueFile: catalogue === 'none' ? null : catalogue, logger: pino({ level: 'silent' }) },
);
await shop.close();
if (!postgres) {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const image = await db.dumpDataDir('none');
  await db.close();
  fs.writeFileSync(target, Buffer.from(await image.arrayBuffer()));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
