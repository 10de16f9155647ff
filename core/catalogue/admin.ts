/**
 * Catalogue management for admins: create and edit products (prices in Rappen; the admin list is
 * bulk.ts). Input is validated with the same rules as the catalogue import. Every save is audited
 * (`product.create` / `product.update`) in its transaction; a stock change made through a save is
 * kept in the stock history.
 */
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { changedFields, recordAudit, recordAuditOn } from '../audit/index.ts';
import { stockMovements, products, type ProductRow } from '../db/index.ts';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { productComposition, productIdentity } from './fields.ts';
import { productSearchText } from './search-text.ts';
import { cleanProductTexts, PRODUCT_TEXT_LANGS } from './product-texts.ts';
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
  sku: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'skuFormat'),
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
  /** Descriptions in the other languages (locale -> text; empty = English shown). */
  descriptions: z.record(z.string(), z.string().trim().max(5000)).optional(),
  /** Tasting notes, one per entry (e.g. "cedar", "cocoa"). */
  tastingNotes: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
  /**
   * The product's own texts per language (de, fr, it, es; product-texts.ts), empty fields = the
   * English one; absent = the stored texts stay as they are.
   */
  texts: z
    .partialRecord(
      z.enum(PRODUCT_TEXT_LANGS),
      z.object({
        name: z.string().trim().max(200).optional(),
        wrapper: z.string().trim().max(200).optional(),
        binder: z.string().trim().max(200).optional(),
        filler: z.string().trim().max(200).optional(),
        origin: z.string().trim().max(200).optional(),
        tastingNotes: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
      }),
    )
    .optional(),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/**
 * The product columns an admin's input sets (prices in Rappen; `lengthIn` derived from
 * `lengthMm`; `searchText` built), shared by the form's save and the CSV import. `description`
 * holds English and the other languages that have a text.
 */
export function productValues(input: ProductInput) {
  const description = { ...Object.fromEntries(Object.entries(input.descriptions ?? {}).filter(([, v]) => v)), en: input.descriptionEn };
  return {
    description,
    ...productIdentity(input),
    lengthMm: input.lengthMm,
    lengthIn: input.lengthMm ? Math.round((input.lengthMm / 25.4) * 100) / 100 : null,
    ringGauge: input.ringGauge,
    ...productComposition(input),
    unitsPerPackage: input.unitsPerPackage,
    basePrice: input.basePrice,
    discountPercent: input.discountPercent,
    stock: input.stock,
    popular: input.popular,
    promotional: input.promotional,
    active: input.active,
    searchText: productSearchText(input),
    ...(input.tastingNotes ? { tastingNotes: input.tastingNotes } : {}),
    ...(input.texts ? { texts: cleanProductTexts(input.texts) } : {}),
  };
}

/**
 * Creates a product, or updates the product `id`. With `actor` (`admin:<id>`), the change is
 * written to the audit log (`product.create` / `product.update`) in the same transaction.
 * @returns the saved product.
 * @throws {DomainError} `conflict` when the SKU belongs to another product; `not_found` for an unknown id.
 */
export async function saveProduct(db: Db, input: ProductInput, id?: string, actor = 'system'): Promise<ProductRow> {
  const { description, ...values } = productValues(input);
  const audited = (r: ProductRow) => ({ ...r, searchText: undefined, createdAt: undefined, updatedAt: undefined });
  return db.transaction(async (tx) => {
    const [clash] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, input.sku)).limit(1);
    if (clash && clash.id !== id)
      throw new DomainError('conflict', `SKU ${input.sku} is already used`, { fields: { sku: { key: 'skuTaken', params: { sku: input.sku } } } });
    if (id) {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
      if (!current) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
      const merged = input.descriptions ? description : { ...current.description, en: input.descriptionEn };
      const [row] = await tx
        .update(products)
        .set({ ...values, description: merged, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      if (row.stock !== current.stock)
        await tx.insert(stockMovements).values({
          id: randomUUID(),
          productId: id,
          delta: row.stock - current.stock,
          stockAfter: row.stock,
          reason: 'correction',
          note: 'product form',
          actor,
        });
      await recordAudit(tx, { actor, action: 'product.update', entity: 'product', entityId: id, ...changedFields(audited(current), audited(row)) });
      return row;
    }
    const [row] = await tx
      .insert(products)
      .values({ id: randomUUID(), ...values, description })
      .returning();
    if (row.stock > 0)
      await tx
        .insert(stockMovements)
        .values({ id: randomUUID(), productId: row.id, delta: row.stock, stockAfter: row.stock, reason: 'delivery', note: 'initial stock', actor });
    await recordAuditOn(tx, actor, 'product.create', row.id, {
      before: null,
      after: { sku: row.sku, name: row.name, basePrice: row.basePrice, stock: row.stock },
    });
    return row;
  });
}
