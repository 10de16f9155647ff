/**
 * Catalogue management for admins: create and edit products (prices in Rappen), list them all
 * (inactive included). Input is validated with the same rules as the catalogue import.
 */
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { DomainError } from '../errors.ts';
import { products, type ProductRow } from './schema.ts';
import { productSearchText } from './search-text.ts';
import { STRENGTHS } from './service.ts';

const optionalText = z
  .string()
  .trim()
  .max(200)
  .transform((v) => (v === '' ? null : v))
  .nullable();
const optionalInt = z
  .union([z.literal(''), z.coerce.number().int().positive().max(10_000)])
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** A product as an admin enters it. `basePrice` in Rappen. */
export const ProductInputSchema = z.object({
  sku: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dot, dash and underscore only'),
  category: z.enum(['cigar', 'rolling-tobacco', 'accessory']),
  brand: z.string().trim().min(1).max(100),
  line: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(200),
  vitola: optionalText,
  lengthMm: optionalInt,
  ringGauge: optionalInt,
  wrapper: optionalText,
  binder: optionalText,
  filler: optionalText,
  origin: optionalText,
  strength: z
    .union([z.literal(''), z.enum(STRENGTHS)])
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  packaging: z.string().trim().min(1).max(60),
  unitsPerPackage: z.coerce.number().int().min(1).max(1000),
  basePrice: z.number().int().min(0).max(10_000_000),
  discountPercent: z.coerce.number().int().min(0).max(100),
  stock: z.coerce.number().int().min(0).max(1_000_000),
  popular: z.boolean(),
  promotional: z.boolean(),
  active: z.boolean(),
  descriptionEn: z.string().trim().min(1).max(5000),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** All products for the admin list, optionally filtered by SKU/name/brand text. */
export async function adminListProducts(db: Db, q = ''): Promise<ProductRow[]> {
  const term = q.trim();
  const where = term ? or(ilike(products.sku, `%${term}%`), ilike(products.name, `%${term}%`), ilike(products.brand, `%${term}%`)) : undefined;
  return db.select().from(products).where(where).orderBy(asc(products.brand), asc(products.name));
}

/** The fields of a product the audit log shows (no timestamps or derived search text). */
function auditable(p: ProductRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, searchText: _s, id: _i, ...rest } = p as ProductRow & Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

/**
 * Creates a product, or updates the product `id`. With `actor` (`admin:<id>`), the change is
 * written to the audit log (`product.create` / `product.update`) in the same transaction.
 * @returns the saved product.
 * @throws {DomainError} `conflict` when the SKU belongs to another product; `not_found` for an unknown id.
 */
export async function saveProduct(db: Db, input: ProductInput, id?: string, actor?: string): Promise<ProductRow> {
  const values = {
    sku: input.sku,
    category: input.category,
    brand: input.brand,
    line: input.line,
    name: input.name,
    vitola: input.vitola,
    lengthMm: input.lengthMm,
    lengthIn: input.lengthMm ? Math.round((input.lengthMm / 25.4) * 100) / 100 : null,
    ringGauge: input.ringGauge,
    wrapper: input.wrapper,
    binder: input.binder,
    filler: input.filler,
    origin: input.origin,
    strength: input.strength,
    packaging: input.packaging,
    unitsPerPackage: input.unitsPerPackage,
    basePrice: input.basePrice,
    discountPercent: input.discountPercent,
    stock: input.stock,
    popular: input.popular,
    promotional: input.promotional,
    active: input.active,
    searchText: productSearchText(input),
  };
  return db.transaction(async (tx) => {
    const [clash] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, input.sku)).limit(1);
    if (clash && clash.id !== id) throw new DomainError('conflict', `SKU ${input.sku} is already used`, { fields: { sku: `SKU ${input.sku} is already used` } });
    if (id) {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
      if (!current) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
      const [row] = await tx
        .update(products)
        .set({ ...values, description: { ...current.description, en: input.descriptionEn }, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      if (actor) {
        const diff = changedFields(auditable(current), auditable(row));
        if (diff.after) await recordAudit(tx, { actor, action: 'product.update', entity: 'product', entityId: id, ...diff });
      }
      return row;
    }
    const [row] = await tx
      .insert(products)
      .values({ id: randomUUID(), ...values, description: { en: input.descriptionEn } })
      .returning();
    if (actor) await recordAudit(tx, { actor, action: 'product.create', entity: 'product', entityId: row.id, after: auditable(row) });
    return row;
  });
}
