/**
 * The admin product list at a real catalogue's size and its bulk actions: a page of products by
 * text (SKU, name, brand), state, category, stock and source (the starting catalogue or the
 * owner's own), in a chosen order; and one action (archive, list, set or clear the discount)
 * applied to many products at once: the ticked ones, every product the filter finds, or the
 * starting catalogue (`products.seeded`, migration 0032). A bulk action is one statement in one
 * transaction with ONE audit entry (`product.bulk`) summarising it, so 400 products archived read
 * as one line in the audit log, and a refused action changes nothing.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { recordAuditOn } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { products, type ProductRow } from '../db/index.ts';
import { DomainError } from '../errors.ts';

/** The list's state filter: all, listed in the shop, archived, listed with stock at or below its threshold. */
export const PRODUCT_STATES = ['all', 'active', 'archived', 'low'] as const;
type AdminProductState = (typeof PRODUCT_STATES)[number];
/** The category filter ('' = every category). */
export const PRODUCT_CATEGORIES = ['cigar', 'rolling-tobacco', 'accessory'] as const;
type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
/** The stock filter: in stock, at or below the product's low-stock threshold, none left. */
export const PRODUCT_STOCK_FILTERS = ['in', 'low', 'out'] as const;
type ProductStockFilter = (typeof PRODUCT_STOCK_FILTERS)[number];
/** Where a product came from: the starting catalogue of the first start, or added by the owner. */
export const PRODUCT_SOURCES = ['seeded', 'own'] as const;
type ProductSource = (typeof PRODUCT_SOURCES)[number];
/** The list's orders; `name` (brand, name, SKU) is the default. */
export const PRODUCT_SORTS = ['name', 'sku', 'price-asc', 'price-desc', 'stock-asc', 'newest'] as const;
type AdminProductSort = (typeof PRODUCT_SORTS)[number];

/** The admin list's query; every part optional (absent = no filter, sorted by name). */
export type ProductListQuery = {
  /** Text found in the SKU, name or brand (case-insensitive; at most 100 characters are used). */
  q?: string;
  state?: AdminProductState;
  category?: ProductCategory;
  stock?: ProductStockFilter;
  source?: ProductSource;
  sort?: AdminProductSort;
};

/** The bulk actions: unlist (archive), list again, set one discount percentage, clear the discount. */
export const BULK_ACTIONS = ['archive', 'list', 'discount', 'clear-discount'] as const;
type BulkAction = (typeof BULK_ACTIONS)[number];

/** The products a bulk action applies to at most in one go (a ticked selection is one page or a few). */
const BULK_MAX_IDS = 1000;

/**
 * What a bulk action applies to: the ticked products (`ids`, at most {@link BULK_MAX_IDS}), every
 * product the list's filter finds (all pages), or the starting catalogue.
 */
export type BulkTarget = { ids: readonly string[] } | { filter: ProductListQuery } | { seeded: true };

/** The summary of a bulk action (and the `after` of its audit entry). */
export type BulkResult = {
  action: BulkAction;
  /** Products changed (those already in the wanted state are not counted). */
  count: number;
  /** SKUs of the changed products, sorted; the first {@link AUDIT_SKUS} only in the audit entry. */
  skus: string[];
  /** The percentage set (action `discount`). */
  discountPercent?: number;
};

/** SKUs named in a bulk action's audit entry; the count gives the whole number. */
const AUDIT_SKUS = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query's filter as one SQL condition (undefined: every product). */
function productListWhere(query: ProductListQuery): SQL | undefined {
  const term = (query.q ?? '')
    .trim()
    .slice(0, 100)
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    term ? or(ilike(products.sku, `%${term}%`), ilike(products.name, `%${term}%`), ilike(products.brand, `%${term}%`)) : undefined,
    query.state === 'active'
      ? eq(products.active, true)
      : query.state === 'archived'
        ? eq(products.active, false)
        : query.state === 'low'
          ? and(eq(products.active, true), lte(products.stock, products.lowStockThreshold))
          : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.stock === 'in'
      ? gt(products.stock, 0)
      : query.stock === 'low'
        ? lte(products.stock, products.lowStockThreshold)
        : query.stock === 'out'
          ? eq(products.stock, 0)
          : undefined,
    query.source === 'seeded' ? eq(products.seeded, true) : query.source === 'own' ? eq(products.seeded, false) : undefined,
  );
}

/** The ORDER BY of a sort, each ending with the SKU so pages never overlap. */
function orderOf(sort: AdminProductSort = 'name'): SQL[] {
  switch (sort) {
    case 'sku':
      return [asc(products.sku)];
    case 'price-asc':
      return [asc(products.basePrice), asc(products.sku)];
    case 'price-desc':
      return [desc(products.basePrice), asc(products.sku)];
    case 'stock-asc':
      return [asc(products.stock), asc(products.sku)];
    case 'newest':
      return [desc(products.createdAt), asc(products.sku)];
    default:
      return [asc(products.brand), asc(products.name), asc(products.sku)];
  }
}

/**
 * One page of the admin product list (archived products included unless filtered out).
 * @param page 1-based, clamped to the pages there are; `pageSize` products per page.
 * @returns the page's products, the number of products the filter finds on all pages, the page
 *   shown and the number of pages (at least 1).
 */
export async function listAdminProducts(
  db: Db,
  query: ProductListQuery,
  opts: { page: number; pageSize: number },
): Promise<{ rows: ProductRow[]; total: number; page: number; pageCount: number }> {
  const where = productListWhere(query);
  const [{ n }] = await db.select({ n: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(n / opts.pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.floor(opts.page) || 1));
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderOf(query.sort))
    .limit(opts.pageSize)
    .offset((page - 1) * opts.pageSize);
  return { rows, total: n, page, pageCount };
}

/** The starting catalogue's products: how many there are and how many of them are listed. */
export async function startingCatalogueCounts(db: Db): Promise<{ total: number; listed: number }> {
  const [row] = await db
    .select({ total: count(), listed: sql<number>`count(*) filter (where ${products.active})`.mapWith(Number) })
    .from(products)
    .where(eq(products.seeded, true));
  return { total: row.total, listed: row.listed };
}

/** The condition selecting a target's products; `ids` are checked to be product ids first. */
function targetWhere(target: BulkTarget): SQL | undefined {
  if ('seeded' in target) return eq(products.seeded, true);
  if ('filter' in target) return productListWhere(target.filter) ?? sql`true`;
  const ids = [...new Set(target.ids)];
  if (ids.length === 0)
    throw new DomainError('invalid', 'Tick at least one product', { key: 'bulkNoneSelected', fields: { id: { key: 'adminshop:errors.bulkNoneSelected' } } });
  if (ids.length > BULK_MAX_IDS || ids.some((id) => !UUID.test(id)))
    throw new DomainError('invalid', `Tick at most ${BULK_MAX_IDS} products from the list`, {
      key: 'bulkSelectionInvalid',
      params: { max: BULK_MAX_IDS },
      fields: { id: { key: 'adminshop:errors.bulkSelectionInvalid', params: { max: BULK_MAX_IDS } } },
    });
  return inArray(products.id, ids);
}

/**
 * Checks a bulk action's percentage: a whole number from 0 to 100, the product's own rule (the
 * product form, the CSV import and the `products_discount_range` check of the table).
 * @throws {DomainError} `invalid` (key `bulkDiscountInvalid`, field `discountPercent`).
 */
function checkBulkDiscount(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : typeof value === 'number' ? value : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 100)
    throw new DomainError('invalid', 'Enter the discount as a whole percentage from 0 to 100', {
      key: 'bulkDiscountInvalid',
      fields: { discountPercent: { key: 'adminshop:errors.bulkDiscountInvalid' } },
    });
  return n;
}

/** The change an action makes and the condition of the products it still changes. */
function changeOf(action: BulkAction, percent: number): { set: Partial<typeof products.$inferInsert>; needed: SQL } {
  switch (action) {
    case 'archive':
      // popular and promotional stay set: listing the product again brings it back as it was
      return { set: { active: false }, needed: eq(products.active, true) };
    case 'list':
      return { set: { active: true }, needed: eq(products.active, false) };
    case 'discount':
      return { set: { discountPercent: percent }, needed: ne(products.discountPercent, percent) };
    case 'clear-discount':
      return { set: { discountPercent: 0 }, needed: ne(products.discountPercent, 0) };
  }
}

/** Checks the action's name. @throws {DomainError} `invalid` (key `bulkActionInvalid`). */
function checkAction(action: string): BulkAction {
  const found = BULK_ACTIONS.find((a) => a === action);
  if (!found)
    throw new DomainError('invalid', 'Choose an action', { key: 'bulkActionInvalid', fields: { bulk: { key: 'adminshop:errors.bulkActionInvalid' } } });
  return found;
}

/**
 * How many products a bulk action would change (for its confirmation), with the same checks as
 * {@link bulkUpdateProducts}.
 * @throws {DomainError} `invalid` for an unknown action, a bad percentage or a bad selection.
 */
export async function countBulkChange(db: Db, input: { action: string; target: BulkTarget; discountPercent?: unknown }): Promise<number> {
  const action = checkAction(input.action);
  const percent = action === 'discount' ? checkBulkDiscount(input.discountPercent) : 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(products)
    .where(and(targetWhere(input.target), changeOf(action, percent).needed));
  return n;
}

/**
 * Applies one action to many products in one transaction (one UPDATE) and records ONE audit
 * entry: action `product.bulk`, entity `product`, no entity id, `after` = `{ action, count,
 * skus (the first {@link AUDIT_SKUS}), discountPercent?, scope ('selected' | 'filter' | 'seeded'),
 * filter? }`. Products already in the wanted state are left alone and not counted; when none
 * changes, nothing is written and nothing audited. The input is checked before anything is
 * written, so a refused action (a bad percentage) changes nothing.
 * @param input.action one of {@link BULK_ACTIONS}; `discountPercent` (whole 0..100) for `discount`.
 * @param adminId the acting admin (audited as `admin:<id>`).
 * @returns what changed.
 * @throws {DomainError} `invalid` for an unknown action (`bulkActionInvalid`), a bad percentage
 *   (`bulkDiscountInvalid`), no product ticked (`bulkNoneSelected`) or a bad selection (`bulkSelectionInvalid`).
 */
export async function bulkUpdateProducts(
  db: Db,
  input: { action: string; target: BulkTarget; discountPercent?: unknown },
  adminId: string,
): Promise<BulkResult> {
  const action = checkAction(input.action);
  const percent = action === 'discount' ? checkBulkDiscount(input.discountPercent) : 0;
  const where = targetWhere(input.target);
  const change = changeOf(action, percent);
  const scope = 'seeded' in input.target ? 'seeded' : 'filter' in input.target ? 'filter' : 'selected';
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(products)
      .set({ ...change.set, updatedAt: sql`now()` })
      .where(and(where, change.needed))
      .returning({ sku: products.sku });
    const skus = changed.map((r) => r.sku).sort();
    const result: BulkResult = { action, count: skus.length, skus, ...(action === 'discount' ? { discountPercent: percent } : {}) };
    if (skus.length > 0)
      await recordAuditOn(tx, `admin:${adminId}`, 'product.bulk', null, {
        before: null,
        after: {
          action,
          count: skus.length,
          skus: skus.slice(0, AUDIT_SKUS),
          ...(action === 'discount' ? { discountPercent: percent } : {}),
          scope,
          ...('filter' in input.target ? { filter: input.target.filter } : {}),
        },
      });
    return result;
  });
}

/**
 * Archives every listed product of the starting catalogue (data/catalogue.json, imported on the
 * first start) in one transaction, audited as one `product.bulk` entry; the bulk action `list`
 * with the "starting catalogue" filter lists them again.
 * @returns the summary (count 0 when none was listed).
 */
export function archiveStartingCatalogue(db: Db, adminId: string): Promise<BulkResult> {
  return bulkUpdateProducts(db, { action: 'archive', target: { seeded: true } }, adminId);
}
