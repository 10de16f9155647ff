/**
 * The contact form: a visitor's message is stored in `contact_messages` and
 * e-mailed to the shop's address (settings `email`): the transaction that stores it emits
 * `contact.messageReceived` (core/events), on which core/mail queues the mail in that transaction
 * and sends it after the commit.
 *
 * Protection against abuse (docs/architecture.md, "Security rules"): a honeypot field that people
 * never see (a filled one is accepted silently and dropped), and a rate limit per client IP
 * (bucket `contact` of core/rate-limit: {@link CONTACT_RATE_LIMIT}; in memory, or shared in Redis
 * when `REDIS_URL` is set).
 * Validation messages are the specification's (section 5): "The field is required",
 * "The email is invalid"; a name or subject with a line break or another control character is
 * refused (key `singleLine`).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { safeParseInput, invalidFields } from '../validation.ts';
import { contactMessages } from '../db/index.ts';
import { emit } from '../events/index.ts';
import { consumeRateLimit, DEFAULT_LIMITS } from '../rate-limit/index.ts';
import type { Shop } from '../shop-type.ts';

/** Messages a single IP may send per window: 5 per hour (core/rate-limit, bucket `contact`). */
export const CONTACT_RATE_LIMIT = { points: DEFAULT_LIMITS.contact.ip, durationSeconds: DEFAULT_LIMITS.contact.duration } as const;

/** Maximum lengths of the form's fields, characters. */
const CONTACT_LIMITS = { name: 120, email: 254, subject: 200, message: 5000 } as const;

const required = (max: number) => z.string().trim().min(1, { error: 'fieldRequired' }).max(max);

/**
 * No control characters (CR, LF, tab, NUL…) in a one-line field: the name and subject are
 * written into the lines of the shop's notification mail, where a line break would let a sender
 * forge lines such as `From: …` under the shop's own heading.
 */
const ONE_LINE = /^[^\p{Cc}]*$/u;

/** The form's fields. `website` is the honeypot: hidden from people, left empty by them. */
const ContactInputSchema = z.object({
  name: required(CONTACT_LIMITS.name).regex(ONE_LINE, { error: 'singleLine' }),
  email: required(CONTACT_LIMITS.email).pipe(z.email({ error: 'emailInvalid' })),
  subject: z.string().trim().max(CONTACT_LIMITS.subject).regex(ONE_LINE, { error: 'singleLine' }).optional().default(''),
  message: required(CONTACT_LIMITS.message),
  website: z.string().optional().default(''),
});

/** The outcome: `stored` false only for a honeypot hit (nothing kept, nothing sent). */
export type ContactResult = { stored: true; id: string } | { stored: false };

/**
 * Validates, rate-limits, stores and mails a contact message.
 * @param raw the submitted fields (form data as an object).
 * @param meta.ip the client's IP address (rate-limit key).
 * @throws {DomainError} `invalid` with `fields` (keyed per-field messages) for bad input;
 *   `rate_limited` (key `errors:rateLimited`, params.seconds) after
 *   {@link CONTACT_RATE_LIMIT}.points messages from one IP within the hour.
 */
export async function submitContactMessage(shop: Shop, raw: unknown, meta: { ip: string }): Promise<ContactResult> {
  const parsed = safeParseInput(ContactInputSchema, raw ?? {});
  if (!parsed.ok) throw invalidFields(parsed.fields);
  await consumeRateLimit(shop, 'contact', meta.ip || 'unknown');
  const input = parsed.data;
  if (input.website.trim() !== '') {
    shop.log.info({ ip: meta.ip }, 'contact form honeypot filled; message dropped');
    return { stored: false };
  }
  const id = randomUUID();
  await shop.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ id, name: input.name, email: input.email, subject: input.subject, message: input.message });
    await emit(tx, { type: 'contact.messageReceived', messageId: id });
  });
  return { stored: true, id };
}
