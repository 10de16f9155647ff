/** Mail outbox: every mail is stored first, then sent (and retried) after the transaction commits. */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAt, timestampTz } from './columns.ts';

/** An attachment kept with the mail; content is base64. */
export type StoredAttachment = { filename: string; contentType: string; contentBase64: string };

export const outbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** `pending` until delivered to SMTP; `sent` after; `outbox_only` when no SMTP is configured. */
    status: text('status', { enum: ['pending', 'sent', 'outbox_only', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Lease of the process delivering this mail: set when a process claims the row, so several app
     * processes never send the same mail twice. A process that dies mid-send leaves a
     * lease that runs out, and the mail is retried then (at-least-once delivery).
     */
    lockedUntil: timestampTz('locked_until'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [index('mail_outbox_status').on(t.status)],
);

export const contactMessages = pgTable('contact_messages', {
  id: idColumn(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull().default(''),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
