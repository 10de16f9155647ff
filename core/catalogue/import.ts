/**
 * Catalogue import: validates a whole file of the `data/catalogue.json` schema
 * first; if any row is invalid nothing is imported. Valid files are upserted by SKU in one
 * transaction, so running it again is safe.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { chfToRappen } from '../pricing/browser.ts';
import { products } from '../db/index.ts';
import { productComposition, productIdentity } from './fields.ts';
import { productSearchText } from './search-text.ts';

const STRENGTHS = ['Mild', 'Mild-Medium', 'Medium', 'Medium-Full-bodied', 'Full-bodied'] as const;

/** Checks a CHF price: finite, >= 0, at most 2 decimals. */
const chf = z
  .number()
  .nonnegative()
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most 2 decimals');

/** One catalogue row as in data/catalogue.json (columns: core/catalogue/csv-columns.ts). */
const CatalogueProductSchema = z.object({
  sku: z.string().trim().min(1),
  category: z.enum(['cigar', 'rolling-tobacco', 'accessory']),
  brand: z.string().trim().min(1),
  line: z.string().trim().min(1),
  name: z.string().trim().min(1),
  vitola: z.string().nullable(),
  length_mm: z.number().int().positive().nullable(),
  length_in: z.number().positive().nullable(),
  ring_gauge: z.number().int().positive().nullable(),
  wrapper: z.string().nullable(),
  binder: z.string().nullable(),
  filler: z.string().nullable(),
  origin: z.string().nullable(),
  strength: z.enum(STRENGTHS).nullable(),
  packaging: z.string().trim().min(1),
  units_per_package: z.number().int().positive(),
  base_price_chf: chf,
  discount_percent: z.number().int().min(0).max(100),
  stock: z.number().int().min(0),
  popular: z.boolean(),
  promotional: z.boolean(),
  description: z.record(z.string(), z.string()).refine((d) => typeof d.en === 'string' && d.en.length > 0, {
    message: 'an English description (en) is required',
  }),
  tasting_notes: z.array(z.string()).default([]),
  /** Site paths (`/images/...`): the Content-Security-Policy allows images from the shop only. */
  images: z.array(z.object({ path: z.string().regex(/^\/(?!\/)[^\s"'<>\\]*$/, 'must be a path on this site, starting with /') })).optional(),
});
export type CatalogueProduct = z.infer<typeof CatalogueProductSchema>;

/** One problem found in a catalogue file. `index` is the row's position in `products` (0-based). */
export type ImportProblem = { index: number | null; sku: string | null; field: string; reason: string };

/** Thrown by {@link importCatalogue} when the file is invalid; nothing was imported. */
export class CatalogueValidationError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`Catalogue is invalid: ${problems.length} problem(s); nothing was imported`);
  }
}

/**
 * Validates a parsed catalogue file (`{ products: [...] }`) and returns its rows, or every problem.
 * Also refuses duplicate SKUs within the file.
 */
export function validateCatalogue(data: unknown): { ok: true; rows: CatalogueProduct[] } | { ok: false; problems: ImportProblem[] } {
  const top = z.object({ products: z.array(z.unknown()) }).safeParse(data);
  if (!top.success) return { ok: false, problems: [{ index: null, sku: null, field: 'products', reason: 'must be an array of products' }] };
  const problems: ImportProblem[] = [];
  const rows: CatalogueProduct[] = [];
  const seen = new Map<string, number>();
  top.data.products.forEach((raw, index) => {
    const sku = typeof (raw as { sku?: unknown })?.sku === 'string' ? (raw as { sku: string }).sku : null;
    const r = CatalogueProductSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push({ index, sku, field: issue.path.join('.') || '(row)', reason: issue.message });
      return;
    }
    const prev = seen.get(r.data.sku);
    if (prev !== undefined) {
      problems.push({ index, sku, field: 'sku', reason: `duplicate of row ${prev}` });
      return;
    }
    seen.set(r.data.sku, index);
    rows.push(r.data);
  });
  return problems.length ? { ok: false, problems } : { ok: true, rows };
}

/**
 * Imports a catalogue: validate everything, then upsert every row by SKU in one transaction.
 * @param opts.seeded the file is the starting catalogue of a first start: new rows are marked
 *   `seeded` (the admin list's "archive the starting catalogue").
 * @returns counts of inserted and updated rows.
 * @throws {CatalogueValidationError} listing every bad row; the database is unchanged.
 */
export async function importCatalogue(db: Db, data: unknown, opts: { seeded?: boolean } = {}): Promise<{ inserted: number; updated: number }> {
  const v = validateCatalogue(data);
  if (!v.ok) throw new CatalogueValidationError(v.problems);
  let inserted = 0;
  await db.transaction(async (tx) => {
    for (const p of v.rows) {
      const values = {
        // the fields the file and the table name alike, then those renamed or converted
        ...productIdentity(p),
        ...productComposition(p),
        lengthMm: p.length_mm,
        lengthIn: p.length_in,
        ringGauge: p.ring_gauge,
        unitsPerPackage: p.units_per_package,
        basePrice: chfToRappen(p.base_price_chf),
        discountPercent: p.discount_percent,
        stock: p.stock,
        popular: p.popular,
        promotional: p.promotional,
        description: p.description,
        tastingNotes: p.tasting_notes,
        searchText: productSearchText(p),
        ...(p.images ? { images: p.images } : {}),
      };
      const res = await tx
        .insert(products)
        .values({ id: randomUUID(), ...values, seeded: opts.seeded ?? false })
        .onConflictDoUpdate({ target: products.sku, set: { ...values, updatedAt: sql`now()` } })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (res[0]?.inserted) inserted++;
    }
  });
  return { inserted, updated: v.rows.length - inserted };
}
