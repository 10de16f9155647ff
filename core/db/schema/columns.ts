/**
 * Column builders the tables share (Drizzle's usual pattern for repeated column groups): the
 * row id, time stamps, amounts in Rappen and references whose rows go with their parent. Each
 * call returns a new builder, since a builder belongs to the one table it is placed in; the
 * columns are exactly those the tables spelled out before (same names, types, defaults), so the
 * database schema and the migrations do not change.
 */
import { bigint, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/** `id text primary key`: the row's id, a random UUID given by the service. */
export const idColumn = () => text('id').primaryKey();

/** A point in time with its time zone (`timestamp with time zone`); nullable until chained. */
export const timestampTz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** A point in time the database fills in when the row is written: not null, default `now()`. */
export const timestampNow = <N extends string>(name: N) => timestampTz(name).notNull().defaultNow();

/** `created_at`: when the row was written. */
export const createdAt = () => timestampNow('created_at');

/** `created_at` and `updated_at` (the services set `updatedAt` on each change). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: timestampNow('updated_at') });

/** An amount in Rappen (CHF/100), 64-bit, read as a JavaScript number. */
export const rappen = <N extends string>(name: N) => bigint(name, { mode: 'number' });

/**
 * A not-null text reference to `target` whose rows are deleted with the row they point at
 * (`on delete cascade`): the lines, events and tokens that belong to one parent.
 */
export const cascadeRef = <N extends string>(name: N, target: () => PgColumn) => text(name).notNull().references(target, { onDelete: 'cascade' });

/** A primary key that is also a {@link cascadeRef}: at most one row per parent row, deleted with it. */
export const cascadeKey = <N extends string>(name: N, target: () => PgColumn) => text(name).primaryKey().references(target, { onDelete: 'cascade' });
