/**
 * Release day: a limited edition announced for a release time. Rules (issue "Release day"):
 * - before `opensAt` the product cannot be put in a cart nor ordered; the refusal says when it
 *   opens, in the visitor's language and the shop's time zone;
 * - each customer may buy at most `perCustomerLimit` units of it, counted per account AND per
 *   delivery address (street and postcode), over every order since the release opened that was
 *   not cancelled or expired;
 * - an order holding it may be paid by bank transfer only when the release allows it, and its
 *   reservation then lasts at most `bankTransferHours`.
 * Exact under a rush: {@link checkReleaseOrder} runs inside the order transaction after the
 * product's stock row was taken (the conditional update of core/orders locks the row until
 * commit), so the orders of one release are counted one after the other, on PostgreSQL with any
 * number of processes as on PGlite.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { productReleases, products, resultRows, type ProductReleaseRow } from '../db/index.ts';
import { recordAuditOn } from '../audit/index.ts';
import { versionedCache } from '../cache/index.ts';
import { getSettings } from '../config/index.ts';
import { DomainError, type FieldMessages } from '../errors.ts';
import { formatDateTime, instantOfLocalTime } from '../i18n/index.ts';
import { MAX_RELEASE_BANK_TRANSFER_HOURS, MAX_RELEASE_LIMIT, type ReleaseFigures, type ReleaseSettings } from './browser.ts';

export type { ProductReleaseRow } from '../db/index.ts';

/** The release of a product, or null. */
export async function getRelease(db: Db, productId: string): Promise<ProductReleaseRow | null> {
  const [row] = await db.select().from(productReleases).where(eq(productReleases.productId, productId)).limit(1);
  return row ?? null;
}

const cachedRelease = versionedCache(getRelease, 2_000);

/**
 * The release of a product for its page, cached while no product, setting or release changed
 * (content version, ADR 010; migration 0025 bumps it on every release write). Never mutate it.
 */
export function getReleaseCached(db: Db, productId: string): Promise<Readonly<ProductReleaseRow> | null> {
  return cachedRelease(db, productId);
}

/** A release's settings for pages (ISO time). */
export function releaseSettings(r: Pick<ProductReleaseRow, 'opensAt' | 'perCustomerLimit' | 'allowBankTransfer' | 'bankTransferHours'>): ReleaseSettings {
  return {
    opensAt: r.opensAt.toISOString(),
    perCustomerLimit: r.perCustomerLimit,
    allowBankTransfer: r.allowBankTransfer,
    bankTransferHours: r.bankTransferHours,
  };
}

/** Whether the release has opened at `now`. */
export function releaseOpen(r: Pick<ProductReleaseRow, 'opensAt'>, now: Date = new Date()): boolean {
  return r.opensAt.getTime() <= now.getTime();
}

/**
 * The refusal before a release opens (409 `releaseNotYet`): "… goes on sale on {date and time}".
 * The date is a parameter with its format (`{{opensAt, datetime}}` in the catalogues, epoch
 * milliseconds), so each page writes it in the visitor's language, in the shop's time zone.
 */
function releaseNotYetError(name: string, opensAt: Date, timeZone: string): DomainError {
  return new DomainError('conflict', `${name} goes on sale on ${formatDateTime(opensAt, 'en', timeZone)} (${timeZone}).`, {
    key: 'releaseNotYet',
    params: { name, opensAt: opensAt.getTime(), formatParams: { opensAt: { dateStyle: 'long', timeStyle: 'short', timeZone } } },
  });
}

/** The refusal of more than a release's limit per customer (409 `releaseLimit`, field `count`). */
function releaseLimitError(name: string, limit: number): DomainError {
  return new DomainError('conflict', `${name}: limit reached, at most ${limit} per customer.`, {
    key: 'releaseLimit',
    params: { name, max: limit },
    fields: { count: { key: 'atMost', params: { max: limit } } },
  });
}

/**
 * The refusal of an add to cart of a release product that the cart turned down or checks
 * (core/cart): not open yet (the shop's time zone is read then), or over the limit.
 * @param add.notOpenUntil the release time when the release has not opened yet, else null.
 * @param add.countAfter the line's count the add asked for.
 * @returns the error, or null when the release was not the reason (the stock was).
 */
export async function releaseAddRefusal(
  db: Db,
  add: { name: string; notOpenUntil: Date | null; limit: number | null; countAfter: number },
): Promise<DomainError | null> {
  if (add.notOpenUntil) return releaseNotYetError(add.name, add.notOpenUntil, (await getSettings(db)).timeZone);
  if (add.limit !== null && add.countAfter > add.limit) return releaseLimitError(add.name, add.limit);
  return null;
}

/** Street and postcode as one key: lower case, without spaces and punctuation (SQL, for both sides of a comparison). */
function addressKey(street: ReturnType<typeof sql>, postalCode: ReturnType<typeof sql>) {
  return sql`regexp_replace(lower(coalesce(${street}, '')), '[[:space:].,;:''"/-]+', '', 'g') || '|' || coalesce(${postalCode}, '')`;
}

/** What {@link checkReleaseOrder} is told about the order being written. */
export type ReleaseOrderInput = {
  userId: string;
  address: { street: string; postalCode: string };
  /** The order's product lines (a custom box's cigars are not releases). */
  lines: { productId: string; name: string; count: number }[];
  bankTransfer: boolean;
  now: Date;
  timeZone: string;
};

/**
 * Applies the release rules to an order being written, inside its transaction and after its
 * stock was taken (so the product rows are locked and earlier orders of the release are
 * committed and counted).
 * @returns the shortest bank-transfer reservation of the order's releases, hours (null: the shop's).
 * @throws {DomainError} `conflict` (409) `releaseNotYet` before a release opens, `releaseLimit`
 *   over a limit per customer (account or address); `invalid` (400) `releaseCardOnly` (field
 *   `paymentMethod`) for a bank transfer a release does not accept.
 */
export async function checkReleaseOrder(tx: Db, input: ReleaseOrderInput): Promise<{ bankTransferHours: number | null }> {
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  if (ids.length === 0) return { bankTransferHours: null };
  const releases = await tx.select().from(productReleases).where(inArray(productReleases.productId, ids));
  let hours: number | null = null;
  for (const r of releases) {
    const name = input.lines.find((l) => l.productId === r.productId)!.name;
    if (!releaseOpen(r, input.now)) throw releaseNotYetError(name, r.opensAt, input.timeZone);
    if (input.bankTransfer && !r.allowBankTransfer)
      throw new DomainError('invalid', `${name} can be paid by card only.`, {
        key: 'releaseCardOnly',
        params: { name },
        fields: { paymentMethod: { key: 'releaseCardOnly', params: { name } } },
      });
    if (r.bankTransferHours !== null) hours = Math.min(hours ?? r.bankTransferHours, r.bankTransferHours);
    if (r.perCustomerLimit === null) continue;
    const count = input.lines.filter((l) => l.productId === r.productId).reduce((n, l) => n + l.count, 0);
    const [bought] = resultRows<{ mine: string | number; here: string | number }>(
      await tx.execute(sql`
        select coalesce(sum(l.count) filter (where o.user_id = ${input.userId}), 0) as mine,
               coalesce(sum(l.count) filter (where ${addressKey(sql`o.address->>'street'`, sql`o.address->>'postalCode'`)} = ${addressKey(sql`${input.address.street}::text`, sql`${input.address.postalCode}::text`)}), 0) as here
          from order_lines l join orders o on o.id = l.order_id
         where l.product_id = ${r.productId} and o.created_at >= ${r.opensAt.toISOString()}::timestamptz
           and o.status not in ('cancelled', 'expired')`),
    );
    if (Math.max(Number(bought.mine), Number(bought.here)) + count > r.perCustomerLimit) throw releaseLimitError(name, r.perCustomerLimit);
  }
  return { bankTransferHours: hours };
}

/** The admin form's fields of a release, as typed. */
export type ReleaseForm = {
  /** `YYYY-MM-DDTHH:mm` in the shop's time zone (a `datetime-local` field). */
  opensAt: string;
  /** Units per customer, empty for no limit. */
  perCustomerLimit: string;
  allowBankTransfer: boolean;
  /** Hours, empty for the shop's reservation. */
  bankTransferHours: string;
};

/** A whole number from `min` to `max` typed in a field, null when empty; NaN when it is not one. */
function optionalWhole(text: string, min: number, max: number): number | null {
  const s = text.trim();
  if (s === '') return null;
  const n = /^\d{1,6}$/.test(s) ? Number(s) : NaN;
  return n >= min && n <= max ? n : NaN;
}

/**
 * Schedules a product's release or changes it (admin product page). The release time is read in
 * the shop's time zone. Audited as `product.release`.
 * @throws {DomainError} `invalid` (`invalidInput`) with the fields at fault (`opensAt`,
 *   `perCustomerLimit` 1..{@link MAX_RELEASE_LIMIT}, `bankTransferHours`
 *   1..{@link MAX_RELEASE_BANK_TRANSFER_HOURS}); `not_found` for an unknown product.
 */
export async function saveRelease(db: Db, productId: string, form: ReleaseForm, adminId: string): Promise<ProductReleaseRow> {
  const { timeZone } = await getSettings(db);
  const opensAt = instantOfLocalTime(form.opensAt.trim(), timeZone);
  const perCustomerLimit = optionalWhole(form.perCustomerLimit, 1, MAX_RELEASE_LIMIT);
  const bankTransferHours = optionalWhole(form.bankTransferHours, 1, MAX_RELEASE_BANK_TRANSFER_HOURS);
  const fields: FieldMessages = {};
  if (!opensAt) fields.opensAt = { key: 'adminshop:release.opensAtInvalid' };
  if (Number.isNaN(perCustomerLimit)) fields.perCustomerLimit = { key: 'countRange', params: { min: 1, max: MAX_RELEASE_LIMIT } };
  if (Number.isNaN(bankTransferHours)) fields.bankTransferHours = { key: 'countRange', params: { min: 1, max: MAX_RELEASE_BANK_TRANSFER_HOURS } };
  if (Object.keys(fields).length > 0) throw new DomainError('invalid', 'Some fields are invalid', { key: 'invalidInput', fields });
  const values = {
    opensAt: opensAt!,
    perCustomerLimit,
    allowBankTransfer: form.allowBankTransfer,
    bankTransferHours: form.allowBankTransfer ? bankTransferHours : null,
  };
  return db.transaction(async (tx) => {
    const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    if (!p) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    const before = await getRelease(tx, productId);
    const [row] = await tx
      .insert(productReleases)
      .values({ productId, ...values })
      .onConflictDoUpdate({ target: productReleases.productId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    await recordAuditOn(tx, `admin:${adminId}`, 'product.release', productId, {
      before: before ? releaseSettings(before) : null,
      after: releaseSettings(row),
    });
    return row;
  });
}

/** Ends a product's release rules (it sells as any product). Audited as `product.release`; no release: nothing. */
export async function removeRelease(db: Db, productId: string, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(productReleases).where(eq(productReleases.productId, productId)).returning();
    if (gone)
      await recordAuditOn(tx, `admin:${adminId}`, 'product.release', productId, {
        before: releaseSettings(gone),
        after: null,
      });
  });
}

type FiguresRow = {
  product_id: string;
  name: string;
  sku: string;
  stock: number;
  opens_at: Date | string;
  per_customer_limit: number | null;
  allow_bank_transfer: boolean;
  bank_transfer_hours: number | null;
  reserved: string | number;
  paid: string | number;
  expired: string | number;
  cancelled: string | number;
  orders: string | number;
  buyers: string | number;
};

/**
 * Every release (or one product's) as it sells: units by the state of the orders written since
 * it opened ({@link ReleaseFigures}), latest release first. Read at once, in one statement.
 */
export async function releaseFigures(db: Db, productId?: string): Promise<ReleaseFigures[]> {
  const rows = resultRows<FiguresRow>(
    await db.execute(sql`
      select r.product_id, p.name, p.sku, p.stock, r.opens_at, r.per_customer_limit, r.allow_bank_transfer, r.bank_transfer_hours,
             coalesce(sum(l.count) filter (where o.status = 'pending_payment'), 0) as reserved,
             coalesce(sum(l.count) filter (where o.status in ('paid', 'processing', 'shipped', 'delivered', 'refunded')), 0) as paid,
             coalesce(sum(l.count) filter (where o.status = 'expired'), 0) as expired,
             coalesce(sum(l.count) filter (where o.status = 'cancelled'), 0) as cancelled,
             count(distinct o.id) filter (where o.status not in ('cancelled', 'expired')) as orders,
             count(distinct o.user_id) filter (where o.status not in ('cancelled', 'expired')) as buyers
        from ${productReleases} r
        join ${products} p on p.id = r.product_id
        left join order_lines l on l.product_id = r.product_id
        left join orders o on o.id = l.order_id and o.created_at >= r.opens_at
       where ${productId ? sql`r.product_id = ${productId}` : sql`true`}
       group by r.product_id, p.name, p.sku, p.stock, r.opens_at, r.per_customer_limit, r.allow_bank_transfer, r.bank_transfer_hours
       order by r.opens_at desc, p.name`),
  );
  return rows.map((r) => {
    const reserved = Number(r.reserved);
    const paid = Number(r.paid);
    return {
      productId: r.product_id,
      name: r.name,
      sku: r.sku,
      left: Number(r.stock),
      opensAt: new Date(r.opens_at).toISOString(),
      perCustomerLimit: r.per_customer_limit === null ? null : Number(r.per_customer_limit),
      allowBankTransfer: r.allow_bank_transfer,
      bankTransferHours: r.bank_transfer_hours === null ? null : Number(r.bank_transfer_hours),
      sold: reserved + paid,
      reserved,
      paid,
      expired: Number(r.expired),
      cancelled: Number(r.cancelled),
      orders: Number(r.orders),
      buyers: Number(r.buyers),
    };
  });
}

/** Whether any of the products has a release that refuses bank transfer (the payment page then offers card only). */
export async function cardOnlyRelease(db: Db, productIds: string[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const [row] = await db
    .select({ id: productReleases.productId })
    .from(productReleases)
    .where(and(inArray(productReleases.productId, productIds), eq(productReleases.allowBankTransfer, false)))
    .limit(1);
  return Boolean(row);
}
