/**
 * `npm run migrate:to-postgres` takes its target from `DATABASE_URL`: a URL with a password as
 * the command-line argument is refused before anything is opened (any local user can read a
 * process's command line), with a message that says where the URL goes instead.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-move-args-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the script with `args` and `env`; its exit code and output. */
async function move(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return run('node', ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PGPASSWORD: '', ...env },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

describe('migrate:to-postgres and the database password', () => {
  it('refuses a URL with a password on the command line (exit 2), naming DATABASE_URL, and opens nothing', async () => {
    const r = await move(['postgres://shop:S3cretPassw0rd@127.0.0.1:5432/shop'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Refused: the database URL on the command line holds a password');
    expect(r.stderr).toContain('DATABASE_URL=postgres://user:password@host:5432/database npm run migrate:to-postgres');
    expect(r.stderr + r.stdout).not.toContain('S3cretPassw0rd');
    expect(r.stdout).not.toContain('Moving the PGlite shop');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('with neither DATABASE_URL nor an argument, prints the usage with DATABASE_URL (exit 2)', async () => {
    const r = await move([], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^usage: DATABASE_URL=postgres:\/\/.* npm run migrate:to-postgres/);
  });

  it('takes the target from DATABASE_URL and masks its password in the output', async () => {
    // a port nothing listens on: the move starts, shows the masked target, and fails to connect
    const r = await move([], { DATABASE_URL: 'postgres://shop:S3cretPassw0rd@127.0.0.1:9/shop' });
    expect(r.stdout).toContain('to postgres://shop:***@127.0.0.1:9/shop');
    expect(r.stdout + r.stderr).not.toContain('S3cretPassw0rd');
    expect(r.code).toBe(1);
  });
});
