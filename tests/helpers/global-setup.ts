/**
 * Vitest global set-up: migrates and seeds the test database once per run, and every test file
 * starts from a copy of it (tests/helpers/shop.ts `createTestShop`) instead of creating a cluster,
 * migrating and importing the catalogue itself (~6 CPU-seconds per file on PGlite).
 *
 * - PGlite (no `TEST_DATABASE_URL`): a dumped data directory per seed, which a file loads into an
 *   in-memory database (`PGlite.create({ loadDataDir })`, under a second of CPU).
 * - PostgreSQL: a template database per seed, which a file clones (`CREATE DATABASE … TEMPLATE`);
 *   dropped at the end of the run.
 *
 * Seeds: `catalogue` (settings and data/catalogue.json, the default of createTestShop) and `none`
 * (settings only, `catalogue: null`). Files that need another start build it themselves.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/** The seeds, by name: the catalogue file each imports (`none`: none). */
export const SEEDS = { catalogue: 'data/catalogue.json', none: 'none' } as const;
export type SeedName = keyof typeof SEEDS;

/** Where each seed is: an image file (PGlite) or a template database's name (PostgreSQL). */
export type SeededDatabases = { kind: 'pglite' | 'postgres'; seeds: Record<SeedName, string> };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabases: SeededDatabases;
  }
}

/** Runs tests/helpers/seed-database.ts for one seed. */
function seed(catalogue: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/seed-database.ts', catalogue, target], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding the test database (${catalogue}) failed: ${err.trim() || `exit ${code}`}`)),
    );
  });
}

/** A database URL next to `adminUrl`'s with another name. */
function withDatabase(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const names = Object.keys(SEEDS) as SeedName[];
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-seeds-'));
    const seeds = Object.fromEntries(names.map((n) => [n, path.join(dir, `${n}.tar`)])) as Record<SeedName, string>;
    await Promise.all(names.map((n) => seed(SEEDS[n], seeds[n])));
    project.provide('seededDatabases', { kind: 'pglite', seeds });
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const tag = randomBytes(4).toString('hex');
  const dbNames = Object.fromEntries(names.map((n) => [n, `shop_template_${tag}_${n}`])) as Record<SeedName, string>;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dropAll = async () => {
    for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${dbNames[n]} WITH (FORCE)`);
  };
  try {
    for (const n of names) await admin.query(`CREATE DATABASE ${dbNames[n]}`);
    await Promise.all(names.map((n) => seed(SEEDS[n], withDatabase(adminUrl, dbNames[n]))));
    // a template can be cloned only when nobody is connected to it: the seeding pools close lazily
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ANY($1)', [Object.values(dbNames)]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (e) {
    await dropAll().catch(() => undefined);
    await admin.end();
    throw e;
  }
  project.provide('seededDatabases', { kind: 'postgres', seeds: dbNames });
  return async () => {
    try {
      await dropAll();
    } finally {
      await admin.end();
    }
  };
}
