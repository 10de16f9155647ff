/**
 * The custom box builder (docs/product.md §1, §4, §5, §9): the customer chooses at least
 * {@link MIN_VARIETIES} different single cigars, a box model and an optional gift card or
 * engraving text, and presses Create: the box goes into the cart as ONE line
 * (core/custom-box/cart-lines.ts). Its stock is checked here and taken when the order is placed
 * (core/custom-box/order.ts). Box models are data the admin edits (every change audited).
 * Money in Rappen.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { recordAudit, changedFields } from '../audit/index.ts';
import {
  products,
  type ProductRow,
  BOX_DRAWINGS,
  BOX_MESSAGE_KINDS,
  customBoxModels,
  type BoxItem,
  type BoxMessageKind,
  type CustomBoxModelRow,
} from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError, type FieldMessages } from '../errors.ts';
import { invalidFields } from '../validation.ts';
import { unitPrice } from '../pricing/browser.ts';

import { MESSAGE_LIMITS, MIN_VARIETIES } from './constants.ts';

/** The specification's text for too few varieties (also the API's English message). */
const MINIMUM_MESSAGE = `A minimum of ${MIN_VARIETIES} cigars is required`;

/** Whether a product may go into a box: a cigar sold one by one (single or tubo, 1 per package). */
function isSingleCigar(p: Pick<ProductRow, 'category' | 'unitsPerPackage'>): boolean {
  return p.category === 'cigar' && p.unitsPerPackage === 1;
}

/** A single cigar the builder offers, with its facts. Money in Rappen. */
type BoxVariety = Pick<
  ProductRow,
  | 'id'
  | 'sku'
  | 'name'
  | 'brand'
  | 'packaging'
  | 'stock'
  | 'strength'
  | 'vitola'
  | 'lengthMm'
  | 'ringGauge'
  | 'wrapper'
  | 'images'
  | 'basePrice'
  | 'discountPercent'
> & {
  /** Unit price after the cigar's discount, Rappen. */
  unitPrice: number;
};

/** What the builder needs: the active box models (by sort) and the single cigars in stock. */
export type BoxOptions = {
  minVarieties: number;
  maxCigars: number;
  messageLimits: Record<BoxMessageKind, number>;
  models: CustomBoxModelRow[];
  varieties: BoxVariety[];
};

/** Box models, by `sort` then capacity; inactive ones only when asked (admin). */
export async function listBoxModels(db: Db, opts: { includeInactive?: boolean } = {}): Promise<CustomBoxModelRow[]> {
  return db
    .select()
    .from(customBoxModels)
    .where(opts.includeInactive ? undefined : eq(customBoxModels.active, true))
    .orderBy(asc(customBoxModels.sort), asc(customBoxModels.capacity), asc(customBoxModels.id));
}

/** The builder's choices (api `custombox/options`). `maxCigars` is the largest active capacity. */
export async function boxOptions(db: Db): Promise<BoxOptions> {
  const models = await listBoxModels(db);
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.active, true), eq(products.category, 'cigar'), eq(products.unitsPerPackage, 1), gt(products.stock, 0)))
    .orderBy(asc(products.brand), asc(products.name));
  const varieties = rows.map((p) => ({
    id: p.id,
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    packaging: p.packaging,
    stock: p.stock,
    strength: p.strength,
    vitola: p.vitola,
    lengthMm: p.lengthMm,
    ringGauge: p.ringGauge,
    wrapper: p.wrapper,
    images: p.images,
    basePrice: p.basePrice,
    discountPercent: p.discountPercent,
    unitPrice: unitPrice(p.basePrice, p.discountPercent),
  }));
  return { minVarieties: MIN_VARIETIES, maxCigars: Math.max(0, ...models.map((m) => m.capacity)), messageLimits: MESSAGE_LIMITS, models, varieties };
}

/** A box to build (api `custombox/create`, and the /custombox form). */
export type CreateBoxInput = {
  modelId: string;
  items: BoxItem[];
  messageKind?: BoxMessageKind;
  message?: string;
};

function invalid(field: string, message: string, key: string, params: Record<string, unknown> = {}): DomainError {
  return new DomainError('invalid', message, { key, params, fields: { [field]: { key, params } } });
}

/**
 * Checks a box without writing anything. Rules, in order: the box model exists and is offered
 * (400, field `boxID`); counts are whole numbers 1..capacity; at least {@link MIN_VARIETIES}
 * different varieties (400 "A minimum of 5 cigars is required", field `items`); no more cigars
 * than the box holds (400, `items`); the text fits its kind's limit (400, `message`); every
 * variety is a listed single cigar (400, `items`); every variety has the stock (409).
 * Duplicate entries of one variety add up.
 * @returns the model and the merged items.
 * @throws {DomainError} as listed.
 */
export async function checkBox(
  db: Db,
  input: CreateBoxInput,
): Promise<{ model: CustomBoxModelRow; items: BoxItem[]; messageKind: BoxMessageKind; message: string }> {
  const [model] = await db.select().from(customBoxModels).where(eq(customBoxModels.id, input.modelId)).limit(1);
  if (!model || !model.active) throw invalid('boxID', 'Please choose one of our boxes', 'boxUnknownModel');
  const merged = new Map<string, number>();
  for (const i of input.items) {
    if (!Number.isInteger(i.count) || i.count < 1 || i.count > model.capacity)
      throw invalid('items', `Each count must be a whole number from 1 to ${model.capacity}`, 'boxBadCount', { max: model.capacity });
    merged.set(i.productId, (merged.get(i.productId) ?? 0) + i.count);
  }
  const items = [...merged].map(([productId, n]) => ({ productId, count: n }));
  if (items.length < MIN_VARIETIES) throw invalid('items', MINIMUM_MESSAGE, 'boxMinimumCigars', { min: MIN_VARIETIES });
  const total = items.reduce((s, i) => s + i.count, 0);
  if (total > model.capacity)
    throw invalid('items', `This box holds at most ${model.capacity} cigars; you chose ${total}`, 'boxCapacityExceeded', {
      capacity: model.capacity,
      count: total,
    });
  const messageKind = input.messageKind ?? 'card';
  if (!BOX_MESSAGE_KINDS.includes(messageKind)) throw invalid('messageKind', 'Please choose a gift card or an engraving', 'boxBadMessageKind');
  const message = (input.message ?? '').trim();
  const limit = MESSAGE_LIMITS[messageKind];
  if ([...message].length > limit) throw invalid('message', `The text may have at most ${limit} characters`, 'boxMessageTooLong', { max: limit });
  const rows = await db
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        items.map((i) => i.productId),
      ),
    );
  const byId = new Map(rows.map((p) => [p.id, p]));
  for (const i of items) {
    const p = byId.get(i.productId);
    if (!p || !p.active) throw invalid('items', 'One of the chosen cigars is not in our catalogue', 'boxUnknownVariety', { id: i.productId });
    if (!isSingleCigar(p)) throw invalid('items', `${p.name} is not a single cigar and cannot go into a box`, 'boxNotSingleCigar', { name: p.name });
  }
  for (const i of items) {
    const p = byId.get(i.productId)!;
    if (p.stock < i.count)
      throw p.stock === 0
        ? new DomainError('conflict', `${p.name} is out of stock`, {
            key: 'outOfStock',
            params: { name: p.name },
            fields: { items: { key: 'outOfStock', params: { name: p.name } } },
          })
        : new DomainError('conflict', `Only ${p.stock} of ${p.name} in stock`, {
            key: 'notEnoughStock',
            params: { name: p.name, stock: p.stock },
            fields: { items: { key: 'notEnoughStock', params: { name: p.name, stock: p.stock } } },
          });
  }
  return { model, items, messageKind, message };
}

/** A box model as the admin edits it. Money in Rappen. */
export type BoxModelInput = {
  name: string;
  capacity: number;
  price: number;
  drawing: (typeof BOX_DRAWINGS)[number];
  image: string | null;
  active: boolean;
  sort: number;
};

/** Checks a box model's fields. @throws {DomainError} `invalid` with the bad fields. */
function checkModel(input: BoxModelInput): void {
  const fields: FieldMessages = {};
  if (!input.name.trim() || input.name.length > 80) fields.name = { key: 'lengthRange', params: { min: 1, max: 80 } };
  if (!Number.isInteger(input.capacity) || input.capacity < MIN_VARIETIES || input.capacity > 100)
    fields.capacity = { key: 'countRange', params: { min: MIN_VARIETIES, max: 100 } };
  if (!Number.isInteger(input.price) || input.price < 0 || input.price > 10_000_000) fields.price = { key: 'amountRange', params: { min: 0, max: 100000 } };
  if (!BOX_DRAWINGS.includes(input.drawing)) fields.drawing = { key: 'invalidChoice' };
  if (input.image !== null && (!/^\/[A-Za-z0-9/_.-]{1,200}$/.test(input.image) || input.image.includes('..'))) fields.image = { key: 'imagePath' };
  if (!Number.isInteger(input.sort) || Math.abs(input.sort) > 100_000) fields.sort = { key: 'wholeNumber' };
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

/**
 * Creates (no `id`) or updates a box model, recording the change in the audit log in the same
 * transaction (`custombox.create` / `custombox.update`, entity `custom_box_model`).
 * Models are never deleted (carts and orders refer to them): deactivate instead.
 * @throws {DomainError} `invalid` for bad fields; `not_found` for an unknown id.
 */
export async function saveBoxModel(db: Db, adminId: string, id: string | null, input: BoxModelInput): Promise<CustomBoxModelRow> {
  checkModel(input);
  const values = { ...input, name: input.name.trim() };
  return db.transaction(async (tx) => {
    if (!id) {
      const [row] = await tx
        .insert(customBoxModels)
        .values({ id: randomUUID(), ...values })
        .returning();
      await recordAudit(tx, {
        actor: `admin:${adminId}`,
        action: 'custombox.create',
        entity: 'custom_box_model',
        entityId: row.id,
        before: null,
        after: auditable(row),
      });
      return row;
    }
    const [before] = await tx.select().from(customBoxModels).where(eq(customBoxModels.id, id)).for('update');
    if (!before) throw new DomainError('not_found', 'Box not found', { key: 'boxUnknownModel' });
    const [row] = await tx
      .update(customBoxModels)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customBoxModels.id, id))
      .returning();
    const diff = changedFields(auditable(before), auditable(row));
    if (diff.after) await recordAudit(tx, { actor: `admin:${adminId}`, action: 'custombox.update', entity: 'custom_box_model', entityId: id, ...diff });
    return row;
  });
}

function auditable(m: CustomBoxModelRow): Record<string, unknown> {
  return { name: m.name, capacity: m.capacity, price: m.price, drawing: m.drawing, image: m.image, active: m.active, sort: m.sort };
}
