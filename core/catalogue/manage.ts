/**
 * Catalogue upkeep for admins: stock adjustments with a reason, kept as
 * history; archive instead of delete for products that were ordered; CSV export and CSV import
 * with a dry run that lists every bad row before anything is written. Every change is audited in
 * its transaction. Prices in the CSV are CHF with at most two decimals; inside, Rappen.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, sql } from 'drizzle-orm';
import { changedFields, recordAudit, recordAuditOn } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { orderLines, products, type ProductRow, stockMovements, type StockMovementRow } from '../db/index.ts';
import { parseChfInput, rappenToDecimalString } from '../pricing/browser.ts';
import { ProductInputSchema, productValues, type ProductInput } from './admin.ts';
import { ADJUST_REASONS, CSV_COLUMNS, CSV_LANGS, CSV_MAX_ROWS, type StockReason } from './limits.ts';
import { CSV_TRUE_WORDS, csvColumnSpec } from './csv-columns.ts';
import {
  PRODUCT_TEXT_COLUMNS,
  PRODUCT_TEXT_FIELDS,
  PRODUCT_TEXT_LANGS,
  productTextColumn,
  type ProductTextField,
  type ProductTextLang,
} from './product-texts.ts';

export { CSV_MAX_ROWS } from './limits.ts';

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
    await recordAuditOn(tx, actor, 'product.stock', productId, {
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
async function orderCountOf(db: Db, productId: string): Promise<number> {
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
      await recordAuditOn(tx, actor, 'product.archive', productId, {
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

const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/** Every product as CSV (csv-stringify; header row; sorted by SKU; yes/no for the flags; formula-like cells neutralised). */
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
      // as words: csv-stringify writes false as an empty cell, which the import reads as the
      // default (an archived product came back active)
      yesNo(p.popular),
      yesNo(p.promotional),
      yesNo(p.active),
      ...CSV_LANGS.map((l) => p.description[l] ?? ''),
      p.tastingNotes.join(' | '),
      ...PRODUCT_TEXT_LANGS.flatMap((l) =>
        PRODUCT_TEXT_FIELDS.map((f) => (f === 'tastingNotes' ? (p.texts[l]?.tastingNotes ?? []).join(' | ') : (p.texts[l]?.[f] ?? ''))),
      ),
    ]),
    // a cell starting with = + - @ tab or CR gets a leading ' so a spreadsheet shows it as text (OWASP "CSV Injection")
    { header: true, escape_formulas: true, columns: [...CSV_COLUMNS] },
  );
}

/**
 * One bad row of an import: 1-based line in the file (header = line 1), SKU, the column, an
 * English `message`, and `key` + `params` for the admin's language (`adminshop:csvProblem.<key>`;
 * params: `column`, `value` (the cell as read), `allowed` (the allowed values, joined by ", "),
 * `min`, `max`, `other` (the line the SKU was first on)).
 */
type CsvProblem = {
  line: number;
  sku: string | null;
  field: string;
  message: string;
  key: CsvProblemKey;
  params: Record<string, string | number>;
};
/** What a problem is: see {@link CsvProblem}. */
type CsvProblemKey = 'noSkuColumn' | 'required' | 'skuFormat' | 'skuRepeated' | 'choice' | 'number' | 'price' | 'tooLong' | 'invalid';
/** How a file was read: its character encoding and its column separator. */
export type CsvFormat = { encoding: CsvEncoding; delimiter: ',' | ';' | '\t' };
/** The character encodings the import reads. */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
/** What an import would do (dry run) or did. */
export type CsvImportResult = {
  dryRun: boolean;
  rows: number;
  creates: string[];
  updates: string[];
  problems: CsvProblem[];
  applied: boolean;
  /** The separator found in the header (the encoding is the caller's: see {@link decodeCsvFile}). */
  delimiter: CsvFormat['delimiter'];
};

const TRUE_WORD = new RegExp(`^(${CSV_TRUE_WORDS.join('|')})$`, 'i');
const bool = (v: string) => TRUE_WORD.test(v.trim());

/**
 * A CSV file's bytes as text, and the encoding it was read in: a byte order mark names it (UTF-8,
 * or UTF-16 as Excel's "Unicode text" writes); else bytes that are valid UTF-8 are UTF-8 (Excel's
 * "CSV UTF-8", the shop's export); else Windows-1252, what Excel on Windows writes for "CSV
 * (Trennzeichen-getrennt)" / "CSV (separateur: point-virgule)" in Western Europe. Checking that
 * the bytes are valid UTF-8 is exact where a statistical detector guesses: text in Windows-1252
 * with umlauts is practically never valid UTF-8. Windows-1252 is decoded with iconv-lite: Node's
 * TextDecoder reads `windows-1252` as Latin-1, which turns Excel's € „ “ – — into control
 * characters. The byte order mark is taken off.
 */
export function decodeCsvFile(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const bom = (a: number, b: number) => bytes[0] === a && bytes[1] === b;
  const encoding: CsvEncoding | null = bom(0xff, 0xfe) ? 'utf-16le' : bom(0xfe, 0xff) ? 'utf-16be' : null;
  if (encoding) return { text: iconv.decode(Buffer.from(bytes), encoding), encoding };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'windows-1252'), encoding: 'windows-1252' };
  }
}

/**
 * The column separator of a CSV text, read from its header line: the one of `;`, tab and `,`
 * found most often outside quotes (column names hold none of them), `,` when there is none (a
 * one-column file). Excel writes `;` where the list separator is `;` (Switzerland, Germany,
 * France), `,` elsewhere and in "CSV UTF-8" of an English Windows, tab in "Unicode text".
 */
export function csvDelimiter(text: string): CsvFormat['delimiter'] {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c as keyof typeof counts]++;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).sort((a, b) => counts[b] - counts[a])[0];
  return counts[best] > 0 ? best : ',';
}

/**
 * Imports products from CSV (columns {@link CSV_COLUMNS}; required and formats in
 * {@link CSV_COLUMN_SPECS}): `text` as {@link decodeCsvFile} gives it, separated by `,`, `;` or
 * tab ({@link csvDelimiter}). Rows are matched by SKU: known SKUs are updated, new ones created.
 * Every row is checked first; with `dryRun`, or when any row is bad, nothing is written and every
 * problem is listed. Otherwise all rows are written in ONE transaction (stock changes kept in
 * the stock history as corrections) with ONE audit entry, `catalogue.import`: the file's name
 * (`fileName`) and how many products were new, updated and left unchanged.
 * @throws never for bad content (problems are returned); {@link DomainError} `invalid` for a file
 *   that is not CSV at all (key `csvUnreadable`, params `line`, `delimiter`) or has too many rows.
 */
export async function importProductsCsv(db: Db, text: string, opts: { dryRun: boolean; adminId: string; fileName?: string }): Promise<CsvImportResult> {
  const delimiter = csvDelimiter(text.replace(/^\uFEFF/, ''));
  const records = readCsvRecords(text, delimiter);
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
    delimiter,
  };
  if (opts.dryRun || problems.length || valid.length === 0) return result;
  const actor = `admin:${opts.adminId}`;
  await db.transaction(async (tx) => {
    const { unchanged } = await writeImportRows(
      tx,
      valid.map((v) => v.input),
      result.updates,
      actor,
    );
    // one entry for the whole file (not one per product: 300 rows per import buried the log)
    await recordAudit(tx, {
      actor,
      action: 'catalogue.import',
      entity: 'product',
      before: null,
      after: {
        file: opts.fileName?.slice(0, 200) || null,
        rows: valid.length,
        new: result.creates.length,
        updated: result.updates.length - unchanged,
        unchanged,
      },
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
function readCsvRecords(text: string, delimiter: CsvFormat['delimiter']): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      delimiter,
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      // Excel writes a row of bare separators (";;;;") for each emptied row below the data
      skip_records_with_empty_values: true,
      trim: true,
      relax_column_count: false,
      to: CSV_MAX_ROWS + 1,
    }) as Record<string, string>[];
  } catch (e) {
    // csv-parse names the line it stopped at (`lines`, 1-based, header = 1); a quote left open
    // runs to the end of the file, so that line is the one after the last whole record
    const err = e as { code?: string; lines?: number; records?: number };
    const line = (err.code === 'CSV_QUOTE_NOT_CLOSED' ? Number(err.records) + 2 : Number(err.lines)) || 1;
    throw new DomainError('invalid', `This is not a readable CSV file (line ${line}): ${(e as Error).message}`, {
      key: 'csvUnreadable',
      params: { line, delimiter: delimiter === '\t' ? 'Tab' : delimiter },
      fields: { file: { key: 'adminshop:errors.csvUnreadable', params: { line, delimiter: delimiter === '\t' ? 'Tab' : delimiter } } },
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
 * A problem with the cell `value` of `column`, worded from the column's spec
 * ({@link CSV_COLUMN_SPECS}) rather than from the schema's issue: the admin reads which values the
 * column takes (the allowed ones, the range, the longest text), not how the check failed.
 */
function cellProblem(line: number, sku: string | null, column: string, value: string, tooLong: boolean): CsvProblem {
  const spec = csvColumnSpec(column);
  const at = { line, sku, field: column };
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  if (spec?.required && value.trim() === '')
    return { ...at, key: 'required', params: { column }, message: `${column} is required: the column must not be empty` };
  if (spec?.format === 'sku' && !tooLong)
    return {
      ...at,
      key: 'skuFormat',
      params: { column, value: shown },
      message: `SKU "${shown}": only letters A-Z, digits, dot, dash and underscore (no accents, umlauts or spaces)`,
    };
  if (spec?.format === 'choice') {
    const allowed = (spec.allowed ?? []).join(', ');
    return { ...at, key: 'choice', params: { column, value: shown, allowed }, message: `"${shown}" is not allowed in ${column}. Allowed: ${allowed}` };
  }
  if (spec?.format === 'int')
    return {
      ...at,
      key: 'number',
      params: { column, value: shown, min: spec.min ?? 0, max: spec.max ?? 0 },
      message: `"${shown}" in ${column}: enter a whole number from ${spec.min} to ${spec.max}`,
    };
  if (tooLong && spec?.max)
    return { ...at, key: 'tooLong', params: { column, max: spec.max }, message: `${column} is too long: at most ${spec.max} characters` };
  return { ...at, key: 'invalid', params: { column, value: shown }, message: `"${shown}" is not valid in ${column}` };
}

/**
 * Checks every row as the product form would (a missing `sku` column, the price, a SKU repeated in
 * the file, {@link ProductInputSchema}): the rows that pass, and every problem of the others (one
 * per column).
 */
function checkImportRecords(records: Record<string, string>[]): { problems: CsvProblem[]; valid: { line: number; input: ProductInput }[] } {
  const problems: CsvProblem[] = [];
  const valid: { line: number; input: ProductInput }[] = [];
  const seen = new Map<string, number>();
  records.forEach((r, i) => {
    const line = i + 2;
    const sku = r.sku?.trim() || null;
    if (!('sku' in r)) {
      const found = Object.keys(r).slice(0, 5).join(', ');
      problems.push({ line, sku, field: 'sku', key: 'noSkuColumn', params: { found }, message: `The file has no "sku" column (found: ${found})` });
      return;
    }
    const price = parseChfInput(r.price_chf ?? '');
    if (price === null)
      problems.push(
        (r.price_chf ?? '').trim() === ''
          ? cellProblem(line, sku, 'price_chf', '', false)
          : {
              line,
              sku,
              field: 'price_chf',
              key: 'price',
              params: { column: 'price_chf', value: r.price_chf },
              message: `"${r.price_chf}" is not a price in CHF: at most 2 decimals, e.g. 12.50`,
            },
      );
    if (sku && seen.has(sku))
      problems.push({
        line,
        sku,
        field: 'sku',
        key: 'skuRepeated',
        params: { other: seen.get(sku)! },
        message: `SKU repeated (also on line ${seen.get(sku)})`,
      });
    if (sku) seen.set(sku, line);
    const parsed = ProductInputSchema.safeParse(productCandidate(r, price));
    if (!parsed.success) {
      const columns = new Set<string>();
      for (const issue of parsed.error.issues) {
        const f = String(issue.path[0] ?? '(row)');
        const column =
          f === 'descriptions'
            ? `description_${String(issue.path[1])}`
            : f === 'texts'
              ? productTextColumn(String(issue.path[2] ?? 'name') as ProductTextField, String(issue.path[1]) as ProductTextLang)
              : (CSV_COLUMN_OF_FIELD[f] ?? f);
        if (columns.has(column)) continue;
        columns.add(column);
        const value = r[column] ?? '';
        problems.push(cellProblem(line, sku, column, value, issue.code === 'too_big'));
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
    tastingNotes: notes(r.tasting_notes),
    // a file without the per-language columns leaves the product's texts as they are
    ...(PRODUCT_TEXT_COLUMNS.some((c) => c in r)
      ? {
          texts: Object.fromEntries(
            PRODUCT_TEXT_LANGS.map((l) => [
              l,
              Object.fromEntries(
                PRODUCT_TEXT_FIELDS.map((f) => [f, f === 'tastingNotes' ? notes(r[productTextColumn(f, l)]) : (r[productTextColumn(f, l)] ?? '')]),
              ),
            ]),
          ),
        }
      : {}),
  };
}

/** A notes cell's notes (separated by `|`, blanks dropped). */
function notes(cell: string | undefined): string[] {
  return (cell ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Rows per statement of the import's batched writes (25 columns a row: well under PostgreSQL's 65,535 parameters). */
const BATCH = 500;

/**
 * Writes checked import rows inside the caller's transaction, in batches: the products to update
 * are read and locked first; then every row is upserted by SKU (`INSERT ... ON CONFLICT (sku) DO
 * UPDATE`, 500 rows a statement); then the stock movements (a created product's stock as a
 * delivery, a changed stock as a correction) are inserted in batches. A few dozen statements for
 * 5,000 rows instead of four or five per row. The caller audits the import as one entry.
 * @returns how many of the updated products the file left as they were.
 */
async function writeImportRows(tx: Db, inputs: ProductInput[], updateSkus: string[], actor: string): Promise<{ unchanged: number }> {
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
  let unchanged = 0;
  for (let i = 0; i < inputs.length; i += BATCH) {
    const values = inputs.slice(i, i + BATCH).map((input) => {
      const v = { id: randomUUID(), ...productValues(input) };
      // the CSV has no inch column: a length in mm that did not change keeps its inches (the
      // catalogue's 7" for 178 mm, not 7.01), so that an export imports back unchanged
      const prev = before.get(input.sku);
      return prev && prev.lengthMm === v.lengthMm ? { ...v, lengthIn: prev.lengthIn } : v;
    });
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
        if (!changedFields(audited(prev), audited(row)).after) unchanged++;
      } else if (row.stock > 0) movements.push({ id: randomUUID(), ...movement, delta: row.stock, reason: 'delivery' });
    }
  }
  for (let i = 0; i < movements.length; i += BATCH) await tx.insert(stockMovements).values(movements.slice(i, i + BATCH));
  return { unchanged };
}

/** A product with its stock history and order count, for the edit page. */
export async function productForEdit(db: Db, productId: string): Promise<{ product: ProductRow; history: StockMovementRow[]; orders: number } | null> {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) return null;
  const [history, orders] = await Promise.all([stockHistory(db, productId), orderCountOf(db, productId)]);
  return { product, history, orders };
}
