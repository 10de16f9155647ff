/** The admin audit log: one row per admin change, written in the change's transaction. */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAt } from './columns.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    /** Who: `admin:<userId>`, `system`, or `cli` (a command-line script). */
    actor: text('actor').notNull(),
    /** What, as `<entity>.<verb>`: `product.update`, `order.refund`, `user.block`, `settings.update`… */
    action: text('action').notNull(),
    /** The kind of thing changed: `product`, `order`, `promo`, `user`, `settings`. */
    entity: text('entity').notNull(),
    /** Its id (order id, product id, user id, promo code…); null for singletons such as settings. */
    entityId: text('entity_id'),
    /** The changed fields before and after (only what changed; never password hashes or tokens). */
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_entity').on(t.entity, t.entityId)],
);

export type AuditRow = typeof auditLog.$inferSelect;
