/**
 * The admin audit log: every admin change records who, when, what, and the
 * fields before/after, in the same transaction as the change, so a rolled-back change leaves no
 * entry and a committed one always has its entry.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { auditLog, type AuditRow } from '../db/index.ts';
import type { AUDIT_ENTITIES } from './readable.ts';

type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** One audit entry as written by a service. */
export type AuditEntry = {
  /** `admin:<userId>`, `system` or `cli`. */
  actor: string;
  /** `<entity>.<verb>`, e.g. `product.update`. */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Keeps only the keys whose values differ between `before` and `after` (compared as JSON), so the
 * log shows what changed. Pure.
 * @returns `{ before, after }` restricted to the changed keys (both null when nothing changed).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : { before: null, after: null };
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change (`tx`), never after
 * the commit, so the entry and the change commit or roll back together.
 * @param tx the change's transaction (or the database for a single-statement change).
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Writes one audit entry about one thing, its kind read from the action's first segment
 * (`order.ship` is filed under the order `entityId`, `product.stock` under the product): an
 * order's payments, refunds and returns are all `order.*`, so its history reads in one place.
 * Same transaction rule as {@link recordAudit}.
 * @param action `<entity>.<verb>`, the entity one of AUDIT_ENTITIES.
 * @param entityId null for an entry about many of the kind (a bulk change).
 * @param change the fields before and after (amounts in Rappen).
 */
export async function recordAuditOn(
  tx: Db,
  actor: string,
  action: `${AuditEntity}.${string}`,
  entityId: string | null,
  change: Pick<AuditEntry, 'before' | 'after'>,
): Promise<void> {
  await recordAudit(tx, { actor, action, entity: action.slice(0, action.indexOf('.')), entityId, ...change });
}

/**
 * Reads the audit log, newest first.
 * @param filter.entity / filter.entityId narrow to one kind or one thing.
 * @param page 1-based; `pageSize` rows per page (default 50).
 * @returns the rows of the page and the total number of matching rows.
 */
export async function listAudit(
  db: Db,
  filter: { entity?: string; entityId?: string } = {},
  page = 1,
  pageSize = 50,
): Promise<{ rows: AuditRow[]; total: number }> {
  const conds: SQL[] = [];
  if (filter.entity) conds.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conds.push(eq(auditLog.entityId, filter.entityId));
  return auditPage(db, conds, page, pageSize);
}

/**
 * One page of the entries that meet every condition, newest first, and how many meet them.
 * @param page 1-based; `pageSize` rows per page.
 */
export async function auditPage(db: Db, conds: SQL[], page: number, pageSize: number): Promise<{ rows: AuditRow[]; total: number }> {
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: n };
}
