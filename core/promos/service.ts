/**
 * Promo codes: a percent or fixed-amount discount on the cart subtotal, valid in
 * a date window, from a minimum order, up to a usage limit. Money in Rappen.
 *
 * Rounding: a percent discount is subtotal x percent / 100 rounded to the nearest 5 Rappen (the
 * Swiss price convention, like unit prices), and never more than the subtotal; a fixed discount is
 * capped at the subtotal.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { users, promos } from '../db/index.ts';
import { changedFields, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError, type FieldMessages } from '../errors.ts';
import { invalidFields } from '../validation.ts';
import { roundTo5Rappen, rappenToDecimalString } from '../pricing/browser.ts';

export type PromoRow = typeof promos.$inferSelect;

/** Codes are compared upper-cased and trimmed; 2..32 characters of A-Z, 0-9, `-` and `_`. */
const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{2,32}$/;

/** Upper-cases and trims a code as customers type it. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The discount a promo gives on a subtotal, in Rappen (pure; no validity checks).
 * @param subtotal Rappen.
 */
export function promoDiscountFor(promo: Pick<PromoRow, 'kind' | 'value'>, subtotal: number): number {
  if (subtotal <= 0) return 0;
  const raw = promo.kind === 'percent' ? roundTo5Rappen((subtotal * promo.value) / 100) : promo.value;
  return Math.min(raw, subtotal);
}

/** The one refusal for a code that does not apply. */
export function promoNotApplicable(): DomainError {
  return new DomainError('invalid', PROMO_NOT_APPLICABLE, { key: 'promoNotApplicable', fields: { code: { key: 'promoNotApplicable' } } });
}

/** English text of {@link promoNotApplicable}. */
const PROMO_NOT_APPLICABLE = 'This promo code does not apply';

/**
 * Why a promo does not apply to a subtotal at a time, or null when it applies (pure).
 * @returns a DomainError (`invalid`, 400) with an `errors:` key and English message.
 */
export function promoRefusal(promo: PromoRow | undefined, subtotal: number, now: Date): DomainError | null {
  // unknown, inactive, not yet valid, expired and used-up codes get one
  // answer, so that codes cannot be enumerated by their different messages
  if (
    !promo ||
    !promo.active ||
    (promo.validFrom && now < promo.validFrom) ||
    (promo.validTo && now > promo.validTo) ||
    (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit)
  )
    return promoNotApplicable();
  if (subtotal < promo.minOrder) {
    const min = rappenToDecimalString(promo.minOrder);
    return new DomainError('invalid', `This promo code needs an order of at least CHF ${min}`, {
      key: 'promoMinOrder',
      params: { min },
      fields: { code: { key: 'promoMinOrder', params: { min } } },
    });
  }
  return null;
}

/** Reads a promo by code (normalised). */
export async function findPromo(db: Db, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promos)
    .where(eq(promos.code, normalizePromoCode(code)))
    .limit(1);
  return row;
}

/**
 * Evaluates a code against a subtotal.
 * @returns the promo and its discount in Rappen.
 * @throws {DomainError} `invalid` (400) with a clear message when the code does not apply.
 */
export async function evaluatePromo(db: Db, code: string, subtotal: number, now = new Date()): Promise<{ promo: PromoRow; discount: number }> {
  const promo = await findPromo(db, code);
  const refusal = promoRefusal(promo, subtotal, now);
  if (refusal) throw refusal;
  return { promo: promo!, discount: promoDiscountFor(promo!, subtotal) };
}

/**
 * Counts one use of a promo inside an order's transaction. The conditional update never lets the
 * count pass the limit, even with concurrent orders.
 * @returns false when the code is used up (nothing changed).
 */
export async function takePromoUse(tx: Db, code: string): Promise<boolean> {
  const rows = await tx
    .update(promos)
    .set({ usedCount: sql`${promos.usedCount} + 1` })
    .where(and(eq(promos.code, code), or(isNull(promos.usageLimit), lt(promos.usedCount, promos.usageLimit))))
    .returning({ id: promos.id });
  return rows.length === 1;
}

/** Gives a use back (an order that expired or was cancelled). */
export async function releasePromoUse(tx: Db, code: string): Promise<void> {
  await tx
    .update(promos)
    .set({ usedCount: sql`greatest(${promos.usedCount} - 1, 0)` })
    .where(eq(promos.code, code));
}

/** Input for {@link createPromo} / {@link updatePromo}. Money in Rappen. */
export type PromoInput = {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent 1..100, or Rappen > 0. */
  value: number;
  minOrder?: number;
  validFrom?: Date | null;
  validTo?: Date | null;
  usageLimit?: number | null;
  active?: boolean;
  /**
   * The Influencer or Admin the code's orders are attributed to (ADR 009); null = none.
   * Left out (undefined) on update: the promo keeps its influencer.
   */
  influencerUserId?: string | null;
};

/** Roles a promo code may be linked to. */
const INFLUENCER_ROLES = ['Influencer', 'Admin'];

async function checkInfluencer(db: Db, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const [u] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u || !INFLUENCER_ROLES.includes(u.role)) {
    throw new DomainError('invalid', 'Choose an Influencer or Admin', { key: 'invalidInput', fields: { influencerUserId: { key: 'notInfluencer' } } });
  }
}

/**
 * A promo's terms as plain values (dates as ISO 8601 strings, amounts in Rappen for `fixed`,
 * percent for `percent`): what the admin list shows and the audit log records.
 */
export function promoTerms(p: PromoRow) {
  return {
    code: p.code,
    kind: p.kind,
    value: p.value,
    minOrder: p.minOrder,
    validFrom: p.validFrom?.toISOString() ?? null,
    validTo: p.validTo?.toISOString() ?? null,
    usageLimit: p.usageLimit,
    active: p.active,
  };
}

/** The fields of a promo the audit log records. */
function auditView(p: PromoRow): Record<string, unknown> {
  return { ...promoTerms(p), influencerUserId: p.influencerUserId };
}

/**
 * Checks a promo's input and returns the columns it sets on create and update: the code
 * normalised, a missing minimum order 0, missing limits and dates null, active unless said otherwise.
 * @throws {DomainError} `invalid` with per-field messages.
 */
function checkInput(input: PromoInput) {
  const code = normalizePromoCode(input.code);
  const fields: FieldMessages = {};
  if (!PROMO_CODE_PATTERN.test(code)) fields.code = { key: 'promoCodeFormat' };
  if (!Number.isInteger(input.value) || input.value <= 0 || (input.kind === 'percent' && input.value > 100))
    fields.value = input.kind === 'percent' ? { key: 'countRange', params: { min: 1, max: 100 } } : { key: 'amountPositive' };
  if (input.minOrder !== undefined && (!Number.isInteger(input.minOrder) || input.minOrder < 0)) fields.minOrder = { key: 'amountMin', params: { min: 0 } };
  if (input.usageLimit != null && (!Number.isInteger(input.usageLimit) || input.usageLimit < 1))
    fields.usageLimit = { key: 'wholeNumberMin', params: { min: 1 } };
  if (input.validFrom && input.validTo && input.validTo < input.validFrom) fields.validTo = { key: 'afterStart' };
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return {
    code,
    kind: input.kind,
    value: input.value,
    minOrder: input.minOrder ?? 0,
    validFrom: input.validFrom ?? null,
    validTo: input.validTo ?? null,
    usageLimit: input.usageLimit ?? null,
    active: input.active ?? true,
  };
}

/**
 * Creates a promo code; with `actor` (`admin:<id>`, `cli`) the creation is written to the audit
 * log in the same transaction.
 * @throws {DomainError} `invalid` for bad input (also an influencer who is not an Influencer or
 *   Admin, field `influencerUserId`); `conflict` when the code exists.
 */
export async function createPromo(db: Db, input: PromoInput, actor?: string): Promise<PromoRow> {
  const terms = checkInput(input);
  return db.transaction(async (tx) => {
    await checkInfluencer(tx, input.influencerUserId);
    const [row] = await tx
      .insert(promos)
      .values({ id: randomUUID(), ...terms, influencerUserId: input.influencerUserId ?? null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new DomainError('conflict', 'This promo code already exists', { key: 'promoExists', fields: { code: { key: 'promoExists' } } });
    if (actor) await recordAudit(tx, { actor, action: 'promo.create', entity: 'promo', entityId: row.id, before: null, after: auditView(row) });
    return row;
  });
}

/**
 * Changes a promo (not its use count). `input.influencerUserId` undefined keeps the promo's
 * influencer. With `actor` the change is written to the audit log in the same transaction.
 * @throws {DomainError} `not_found`, `invalid`, `conflict` (code taken).
 */
export async function updatePromo(db: Db, id: string, input: PromoInput, actor?: string): Promise<PromoRow> {
  const terms = checkInput(input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promos).where(eq(promos.id, id)).for('update').limit(1);
    if (!before) throw new DomainError('not_found', 'Promo not found', { key: 'promoNotFound' });
    const [clash] = await tx.select({ id: promos.id }).from(promos).where(eq(promos.code, terms.code)).limit(1);
    if (clash && clash.id !== id)
      throw new DomainError('conflict', 'This promo code already exists', { key: 'promoExists', fields: { code: { key: 'promoExists' } } });
    const influencerUserId = input.influencerUserId === undefined ? before.influencerUserId : input.influencerUserId;
    if (influencerUserId !== before.influencerUserId) await checkInfluencer(tx, influencerUserId);
    const [row] = await tx
      .update(promos)
      .set({ ...terms, influencerUserId })
      .where(eq(promos.id, id))
      .returning();
    if (actor) {
      const diff = changedFields(auditView(before), auditView(row));
      if (diff.after) await recordAudit(tx, { actor, action: 'promo.update', entity: 'promo', entityId: id, ...diff });
    }
    return row;
  });
}

/** All promos, newest first. */
export async function listPromos(db: Db): Promise<PromoRow[]> {
  return db
    .select()
    .from(promos)
    .orderBy(sql`${promos.createdAt} desc`);
}

/** The promo with id `id` (ids are at most 64 characters; a longer one matches nothing), or undefined. */
export async function getPromo(db: Db, id: string): Promise<PromoRow | undefined> {
  if (id.length > 64) return undefined;
  const [row] = await db.select().from(promos).where(eq(promos.id, id)).limit(1);
  return row;
}
