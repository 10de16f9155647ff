/**
 * `npm run catalogue:import -- <file.json>`: imports a catalogue file of the
 * `data/catalogue.json` schema into the shop's database (DATA_DIR / DATABASE_URL, as the server).
 *
 * The whole file is validated first. If any row is invalid nothing is imported, every bad row is
 * printed (index, SKU, field, reason) and the exit code is 1. Otherwise every row is upserted by
 * SKU in one transaction and the inserted/updated counts are printed. Exit codes: 0 imported,
 * 1 invalid file, 2 usage or environment error, 3 database in use (PGlite: a running server).
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { CatalogueValidationError, importCatalogue, type ImportProblem } from '../core/catalogue/index.ts';
import { openScriptShop, runScript } from './lib/cli.ts';

/** One problem as a printed line: `row 3 (SKU AF-1): base_price_chf: must have at most 2 decimals`. */
export function formatProblem(p: ImportProblem): string {
  const where = p.index === null ? 'file' : `row ${p.index}`;
  const sku = p.sku ? ` (SKU ${p.sku})` : ' (no SKU)';
  return `${where}${p.index === null ? '' : sku}: ${p.field}: ${p.reason}`;
}

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('-'));
  if (!file) {
    console.error('Usage: npm run catalogue:import -- <file.json>');
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
  } catch (e) {
    console.error(`Cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  const shop = await openScriptShop({ catalogueFile: null, logger: pino({ level: 'silent' }) });
  if (typeof shop === 'number') return shop;
  try {
    const target = shop.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.resolve(shop.env.DATA_DIR)}`;
    const { inserted, updated } = await importCatalogue(shop.db, data);
    console.log(`Imported ${file} into ${target}: ${inserted} inserted, ${updated} updated.`);
    return 0;
  } catch (e) {
    if (e instanceof CatalogueValidationError) {
      const rows = new Set(e.problems.map((p) => p.index));
      console.error(`${file} is invalid: ${e.problems.length} problem(s) in ${rows.size} row(s); nothing was imported.`);
      for (const p of e.problems) console.error(`  ${formatProblem(p)}`);
      return 1;
    }
    throw e;
  } finally {
    await shop.close();
  }
}

runScript(() => main(process.argv.slice(2)));
