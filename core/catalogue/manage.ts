/**
 * Catalogue upkeep for admins: stock adjustments with a reason, kept as
 * history; archive instead of delete for products that were ordered; CSV export and CSV import
 * with a dry run that lists every bad row before anything is written. Every change is audited in
 * its transaction. Prices in the CSV are CHF with at most two decimals; inside, Rappen.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, sql } from 'drizzle-orm';
import { auditLog } from '../db/index.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { orderLines } from '../db/index.ts';
import { parseChfInput, rappenToDecimalString } from '../pricing/browser.ts';
import { ProductInputSchema, productValues, type ProductInput } from './admin.ts';
import { products, type ProductRow } from '../db/index.ts';
import { ADJUST_REASONS, CSV_COLUMNS, CSV_LANGS, CSV_MAX_ROWS, type StockReason } from './limits.ts';
import { stockMovements, type StockMovementRow } from '../db/index.ts';

export { ADJUST_REASONS, CSV_COLUMNS, CSV_LANGS, CSV_MAX_ROWS } from './limits.ts';

/**
 * Adds (positive `delta`) or removes (negative) units, never below zero, and records the movement.
 * Audited as `product.stock`.
 * @returns the new stock.
 * @throws {DomainError} `invalid` (delta 0 or not an integer, unknown reason, would go below 0), `not_found`.
 */
export async function adjustStock(db: Db, productId: string, delta: number, reason: string, note: string | null, adminId: string): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > 1_000_000)
    throw new DomainError('invalid', 'Enter a whole number of units to add or remove (e.g. 12 or -3)', {
      key: 'stockDeltaInvalid',
      fields: { delta: { key: 'adminshop:errors.stockDeltaInvalid' } },
    });
  if (!(ADJUST_REASONS as readonly string[]).includes(reason))
    throw new DomainError('invalid', 'Choose a reason', { key: 'stockReasonInvalid', fields: { reason: { key: 'adminshop:errors.stockReasonInvalid' } } });
  const actor = `admin:${adminId}`;
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).for('update');
    if (!before) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${delta}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), gte(sql`${products.stock} + ${delta}`, 0)))
      .returning({ stock: products.stock });
    if (!row)
      throw new DomainError('invalid', `Only ${before.stock} in stock: cannot remove ${-delta}`, {
        key: 'stockBelowZero',
        params: { stock: before.stock, n: -delta },
        fields: { delta: { key: 'adminshop:errors.stockBelowZero', params: { stock: before.stock, n: -delta } } },
      });
    await tx
      .insert(stockMovements)
      .values({ id: randomUUID(), productId, delta, stockAfter: row.stock, reason: reason as StockReason, note: note?.trim().slice(0, 300) || null, actor });
    await recordAudit(tx, {
      actor,
      action: 'product.stock',
      entity: 'product',
      entityId: productId,
      before: { stock: before.stock },
      after: { stock: row.stock, reason, note },
    });
    return row.stock;
  });
}

/** A product's stock movements, newest first. */
export async function stockHistory(db: Db, productId: string, limit = 50): Promise<StockMovementRow[]> {
  return db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit);
}

/** How many order lines name a product (an ordered product is archived, never deleted). */
export async function orderCountOf(db: Db, productId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(orderLines).where(eq(orderLines.productId, productId));
  return n;
}

/**
 * Removes a product from the shop: a product that appears in orders is archived (hidden from the
 * shop, kept for order history and invoices); one never ordered is deleted. Audited as
 * `product.archive` or `product.delete`.
 * @returns what was done.
 * @throws {DomainError} `not_found`.
 */
export async function removeProduct(db: Db, productId: string, adminId: string): Promise<'archived' | 'deleted'> {
  const actor = `admin:${adminId}`;
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
    if (!p) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    if ((await orderCountOf(tx, productId)) > 0) {
      await tx
        .update(products)
        .set({ active: false, popular: false, promotional: false, updatedAt: sql`now()` })
        .where(eq(products.id, productId));
      await recordAudit(tx, {
        actor,
        action: 'product.archive',
        entity: 'product',
        entityId: productId,
        before: { active: p.active },
        after: { active: false },
      });
      return 'archived';
    }
    await tx.delete(products).where(eq(products.id, productId));
    await recordAudit(tx, { actor, action: 'product.delete', entity: 'product', entityId: productId, before: { sku: p.sku, name: p.name }, after: null });
    return 'deleted';
  });
}

/** Every product as CSV (csv-stringify; header row; sorted by SKU; formula-like cells neutralised). */
export async function productsCsv(db: Db): Promise<string> {
  const rows = await db.select().from(products).orderBy(asc(products.sku));
  return stringify(
    rows.map((p) => [
      p.sku,
      p.category,
      p.brand,
      p.line,
      p.name,
      p.vitola ?? '',
      p.lengthMm ?? '',
      p.ringGauge ?? '',
      p.wrapper ?? '',
      p.binder ?? '',
      p.filler ?? '',
      p.origin ?? '',
      p.strength ?? '',
      p.packaging,
      p.unitsPerPackage,
      rappenToDecimalString(p.basePrice),
      p.discountPercent,
      p.stock,
      p.popular,
      p.promotional,
      p.active,
      ...CSV_LANGS.map((l) => p.description[l] ?? ''),
      p.tastingNotes.join(' | '),
    ]),
    // a cell starting with = + - @ tab or CR gets a leading ' so a spreadsheet shows it as text (OWASP "CSV Injection")
    { header: true, escape_formulas: true, columns: [...CSV_COLUMNS] },
  );
}

/** One bad row of an import: 1-based line in the file (header = line 1), SKU, field, message. */
export type CsvProblem = { line: number; sku: string | null; field: string; message: string };
/** What an import would do (dry run) or did. */
export type CsvImportResult = { dryRun: boolean; rows: number; creates: string[]; updates: string[]; problems: CsvProblem[]; applied: boolean };

const bool = (v: string) => /^(true|1|yes|ja|oui|si|sì|x)$/i.test(v.trim());

/**
 * Imports products from CSV (columns {@link CSV_COLUMNS}; `sku`, `category`, `brand`, `line`, `name`,
 * `packaging`, `price_chf` and `description_en` required; others optional). Rows are matched by
 * SKU: known SKUs are updated, new ones created. Every row is checked first; with `dryRun`, or when
 * any row is bad, nothing is written and every problem is listed. Otherwise all rows are written
 * in ONE transaction (each audited; stock changes kept in the stock history as corrections).
 * @throws never for bad content (problems are returned); {@link DomainError} `invalid` for a file
 *   that is not CSV at all or has too many rows.
 */
export async function importProductsCsv(db: Db, text: string, opts: { dryRun: boolean; adminId: string }): Promise<CsvImportResult> {
  const records = readCsvRecords(text);
  const { problems, valid } = checkImportRecords(records);
  const skus = valid.map((v) => v.input.sku);
  const existing = skus.length ? await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, skus)) : [];
  const ids = new Map(existing.map((e) => [e.sku, e.id]));
  const result: CsvImportResult = {
    dryRun: opts.dryRun,
    rows: records.length,
    creates: skus.filter((s) => !ids.has(s)),
    updates: skus.filter((s) => ids.has(s)),
    problems: problems.sort((a, b) => a.line - b.line),
    applied: false,
  };
  if (opts.dryRun || problems.length || valid.length === 0) return result;
  const actor = `admin:${opts.adminId}`;
  await db.transaction(async (tx) => {
    await writeImportRows(
      tx,
      valid.map((v) => v.input),
      result.updates,
      actor,
    );
    await recordAudit(tx, {
      actor,
      action: 'product.import',
      entity: 'product',
      entityId: null,
      before: null,
      after: { rows: valid.length, created: result.creates.length, updated: result.updates.length },
    });
  });
  return { ...result, applied: true };
}

/**
 * The CSV's rows keyed by lower-cased header; a file that is not CSV, or too long, is refused (400).
 * The parser stops at the first row past {@link CSV_MAX_ROWS} (csv-parse's `to`), so a file of
 * millions of tiny rows (5 MB of `a\n` is 2.5 million) never becomes millions of objects: it
 * exhausted the heap before the cap was checked.
 */
function readCsvRecords(text: string): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
      to: CSV_MAX_ROWS + 1,
    }) as Record<string, string>[];
  } catch (e) {
    throw new DomainError('invalid', `This is not a readable CSV file: ${(e as Error).message}`, {
      key: 'csvUnreadable',
      fields: { file: { key: 'adminshop:errors.csvUnreadable' } },
    });
  }
  if (records.length > CSV_MAX_ROWS)
    throw new DomainError('invalid', `At most ${CSV_MAX_ROWS} rows per import`, { key: 'csvTooManyRows', params: { max: CSV_MAX_ROWS } });
  // The shop's own export neutralises formula-like cells with a leading ' (productsCsv,
  // escape_formulas: OWASP "CSV injection"); it is taken off so that an export imports back
  // unchanged. Done here rather than in csv-parse's `cast` option, which builds a context object
  // for every cell: a 5,000-row file parsed in ~500 ms with it, ~70 ms without.
  for (const record of records) {
    for (const column in record) if (FORMULA_ESCAPED.test(record[column])) record[column] = record[column].slice(1);
  }
  return records;
}

/**
 * A cell that the export escaped with a leading ' because it starts like a spreadsheet formula:
 * csv-stringify's `escape_formulas` escapes `= + - @`, tab and CR, and their full-width forms
 * `＝ ＋ － ＠` (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets also read as formulas.
 */
const FORMULA_ESCAPED = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A product form field's CSV column, where the two names differ (problems name the column). */
const CSV_COLUMN_OF_FIELD: Record<string, string> = {
  lengthMm: 'length_mm',
  ringGauge: 'ring_gauge',
  unitsPerPackage: 'units_per_package',
  discountPercent: 'discount_percent',
  descriptionEn: 'description_en',
  tastingNotes: 'tasting_notes',
  basePrice: 'price_chf',
};

/**
 * Checks every row as the product form would (a missing `sku` column, the price, a SKU repeated in
 * the file, {@link ProductInputSchema}): the rows that pass, and every problem of the others.
 */
function checkImportRecords(records: Record<string, string>[]): { problems: CsvProblem[]; valid: { line: number; input: ProductInput }[] } {
  const problems: CsvProblem[] = [];
  const valid: { line: number; input: ProductInput }[] = [];
  const seen = new Map<string, number>();
  records.forEach((r, i) => {
    const line = i + 2;
    const sku = r.sku?.trim() || null;
    if (!('sku' in r)) {
      problems.push({ line, sku, field: 'sku', message: 'The file has no "sku" column' });
      return;
    }
    const price = parseChfInput(r.price_chf ?? '');
    if (price === null) problems.push({ line, sku, field: 'price_chf', message: 'Enter a price in CHF with at most 2 decimals, e.g. 12.50' });
    if (sku && seen.has(sku)) problems.push({ line, sku, field: 'sku', message: `SKU repeated (also on line ${seen.get(sku)})` });
    if (sku) seen.set(sku, line);
    const parsed = ProductInputSchema.safeParse(productCandidate(r, price));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const f = String(issue.path[0] ?? '(row)');
        problems.push({ line, sku, field: CSV_COLUMN_OF_FIELD[f] ?? f, message: issue.message });
      }
    } else if (price !== null) valid.push({ line, input: parsed.data });
  });
  return { problems, valid };
}

/** A CSV row as the product form's fields (blank optional columns take the form's defaults). */
function productCandidate(r: Record<string, string>, price: number | null) {
  return {
    sku: r.sku ?? '',
    category: r.category ?? '',
    brand: r.brand ?? '',
    line: r.line ?? '',
    name: r.name ?? '',
    vitola: r.vitola ?? '',
    lengthMm: r.length_mm ?? '',
    ringGauge: r.ring_gauge ?? '',
    wrapper: r.wrapper ?? '',
    binder: r.binder ?? '',
    filler: r.filler ?? '',
    origin: r.origin ?? '',
    strength: r.strength ?? '',
    packaging: r.packaging ?? '',
    unitsPerPackage: r.units_per_package || '1',
    basePrice: price ?? 0,
    discountPercent: r.discount_percent || '0',
    stock: r.stock || '0',
    popular: bool(r.popular ?? ''),
    promotional: bool(r.promotional ?? ''),
    active: 'active' in r && r.active !== '' ? bool(r.active) : true,
    descriptionEn: r.description_en ?? '',
    descriptions: Object.fromEntries(CSV_LANGS.filter((l) => l !== 'en').map((l) => [l, r[`description_${l}`] ?? ''])),
    tastingNotes: (r.tasting_notes ?? '')
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** Rows per statement of the import's batched writes (25 columns a row: well under PostgreSQL's 65,535 parameters). */
const BATCH = 500;

/**
 * Writes checked import rows inside the caller's transaction, in batches: the products to update
 * are read and locked first; then every row is upserted by SKU (`INSERT ... ON CONFLICT (sku) DO
 * UPDATE`, 500 rows a statement); then the stock movements (a created product's stock as a
 * delivery, a changed stock as a correction) and one audit entry per product (`product.create`, or
 * `product.update` with the changed fields) are inserted in batches. A few dozen statements for
 * 5,000 rows instead of four or five per row.
 */
async function writeImportRows(tx: Db, inputs: ProductInput[], updateSkus: string[], actor: string): Promise<void> {
  const before = new Map<string, ProductRow>();
  for (let i = 0; i < updateSkus.length; i += BATCH) {
    const rows = await tx
      .select()
      .from(products)
      .where(inArray(products.sku, updateSkus.slice(i, i + BATCH)))
      .for('update');
    for (const r of rows) before.set(r.sku, r);
  }
  const columns = getTableColumns(products);
  const audited = (r: ProductRow) => ({ ...r, searchText: undefined, createdAt: undefined, updatedAt: undefined });
  const movements: (typeof stockMovements.$inferInsert)[] = [];
  const audits: (typeof auditLog.$inferInsert)[] = [];
  for (let i = 0; i < inputs.length; i += BATCH) {
    const values = inputs.slice(i, i + BATCH).map((input) => ({ id: randomUUID(), ...productValues(input) }));
    const set = Object.fromEntries(
      Object.keys(values[0])
        .filter((k) => k !== 'id')
        .map((k) => [k, sql.raw(`excluded."${columns[k as keyof typeof columns].name}"`)]),
    );
    const rows = await tx
      .insert(products)
      .values(values)
      .onConflictDoUpdate({ target: products.sku, set: { ...set, updatedAt: sql`now()` } })
      .returning();
    for (const row of rows) {
      const prev = before.get(row.sku);
      const movement = { productId: row.id, stockAfter: row.stock, actor, note: 'CSV import' };
      if (prev) {
        if (row.stock !== prev.stock) movements.push({ id: randomUUID(), ...movement, delta: row.stock - prev.stock, reason: 'correction' });
        const changed = changedFields(audited(prev), audited(row));
        audits.push({ id: randomUUID(), actor, action: 'product.update', entity: 'product', entityId: row.id, ...changed });
      } else {
        if (row.stock > 0) movements.push({ id: randomUUID(), ...movement, delta: row.stock, reason: 'delivery' });
        const after = { sku: row.sku, name: row.name, basePrice: row.basePrice, stock: row.stock };
        audits.push({ id: randomUUID(), actor, action: 'product.create', entity: 'product', entityId: row.id, before: null, after });
      }
    }
  }
  for (let i = 0; i < movements.length; i += BATCH) await tx.insert(stockMovements).values(movements.slice(i, i + BATCH));
  for (let i = 0; i < audits.length; i += BATCH) await tx.insert(auditLog).values(audits.slice(i, i + BATCH));
}

/** A product with its stock history and order count, for the edit page. */
export async function productForEdit(db: Db, productId: string): Promise<{ product: ProductRow; history: StockMovementRow[]; orders: number } | null> {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) return null;
  const [history, orders] = await Promise.all([stockHistory(db, productId), orderCountOf(db, productId)]);
  return { product, history, orders };
}
