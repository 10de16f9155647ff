/**
 * Data protection (revFADP, Swiss Federal Act on Data Protection, art. 25 right of access and
 * art. 32 right to erasure; the privacy page promises both): a customer's data as one JSON
 * document, and erasure that anonymises the person while keeping the orders.
 *
 * Why orders stay: Swiss accounting law (Code of Obligations art. 958f) requires the business
 * records (orders, invoices, payments) to be kept for 10 years. Erasure therefore keeps each order
 * with its amounts, line items, VAT, payment status and dates, and replaces the personal data in it
 * (name, street, city) with a neutral placeholder; the postcode and country stay, as they decide
 * where the delivery was taxed. Everything else that names the person is deleted or overwritten.
 *
 * Erasure is refused while the customer has an open order (unpaid, paid but not shipped yet): the
 * shop still needs the address to deliver it or the person to pay it.
 */
import { rappenToDecimalString } from '../pricing/browser.ts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  auditLog,
  carts,
  contactMessages,
  outbox,
  orderEvents,
  orderLines,
  orders,
  type OrderStatus,
  payments,
  promos,
  orderReturns,
  emailTokens,
  refreshTokens,
  users,
} from '../db/index.ts';
import { scrubJson, textScrubber } from '../privacy/browser.ts';
import { verifyPassword } from './password.ts';
import { photoStore } from '../catalogue/index.ts';
import type { Shop } from '../shop-type.ts';

/** Order states that block erasure: the order still needs the customer (to pay or to receive it). */
const OPEN_ORDER_STATUSES: OrderStatus[] = ['pending_payment', 'paid', 'processing'];

/** The placeholder name written over an erased person's name, in the account and in their orders. */
const ERASED_NAME = 'Erased';
/** What an erased person's free text (a return request's message) reads afterwards. */
const ERASED_TEXT = '(erased)';

/** Format version of the export document. */
const EXPORT_FORMAT = 'casadeltabaco.personal-data.v1';

const notFound = () => new DomainError('not_found', 'User not found', { key: 'userNotFound' });

/**
 * Everything the shop keeps about a person, as one JSON-serialisable document: the account
 * (never the password hash or tokens), orders with line items, status history and payments,
 * the saved cart, mails sent to them (subject and date) and messages sent through the contact form.
 * @throws {DomainError} `not_found`.
 */
export async function exportUserData(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound();
  const { passwordHash: _hash, ...account } = u;
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.createdAt);
  const ids = orderRows.map((o) => o.id);
  const [lines, events, pays, cartRows, mails, messages] = await Promise.all([
    ids.length ? db.select().from(orderLines).where(inArray(orderLines.orderId, ids)) : [],
    ids.length ? db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)) : [],
    ids.length
      ? db
          .select({
            orderId: payments.orderId,
            provider: payments.provider,
            amount: payments.amount,
            currency: payments.currency,
            status: payments.status,
            createdAt: payments.createdAt,
          })
          .from(payments)
          .where(inArray(payments.orderId, ids))
      : [],
    db.select().from(carts).where(eq(carts.userId, userId)),
    db
      .select({ subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt })
      .from(outbox)
      .where(eq(outbox.to, u.email))
      .orderBy(outbox.createdAt),
    db.select().from(contactMessages).where(eq(contactMessages.email, u.email)).orderBy(contactMessages.createdAt),
  ]);
  const chf = rappenToDecimalString;
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    note: 'Amounts are in CHF including Swiss VAT.',
    account,
    orders: orderRows.map((o) => ({
      code: o.code,
      status: o.status,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      promoCode: o.promoCode,
      deliveryAddress: o.address,
      language: o.locale,
      invoiceNumber: o.invoiceNumber,
      subtotalChf: chf(o.subtotal),
      discountChf: chf(o.discount),
      shippingFeeChf: chf(o.shippingFee),
      totalChf: chf(o.total),
      vatChf: chf(o.vat),
      lineItems: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({ sku: l.sku, name: l.name, packaging: l.packaging, count: l.count, unitPriceChf: chf(l.unitPrice), lineTotalChf: chf(l.lineTotal) })),
      statusHistory: events
        .filter((e) => e.orderId === o.id)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((e) => ({ from: e.fromStatus, to: e.toStatus, at: e.createdAt, note: e.note })),
      payments: pays
        .filter((p) => p.orderId === o.id)
        .map((p) => ({ provider: p.provider, amountChf: chf(p.amount), currency: p.currency, status: p.status, at: p.createdAt })),
    })),
    carts: cartRows,
    mails,
    contactMessages: messages,
  };
}

/**
 * Erases a person's data (revFADP art. 32) in one transaction:
 * - the account keeps its id (orders refer to it) but loses e-mail, names, phone, date of birth,
 *   address, referral code and password; it is marked erased and blocked, so nobody can log in;
 * - every session and e-mail link is revoked; the saved cart is deleted;
 * - every order keeps its amounts, line items and dates (10 years of accounting records, Code of
 *   Obligations art. 958f) with the name, street and city of its delivery address anonymised;
 * - mails sent to the address (outbox) and contact-form messages from it are deleted;
 * - influencer promo codes stay (they are the shop's) but no longer point to the person;
 * - return requests keep their reason, lines, status and dates, but lose the IBAN and the
 *   customer's message (free text: it may hold anything), and their photos are deleted from the
 *   photo store, last of all inside the transaction (a store that fails aborts the erasure, so it
 *   never reports photos gone that are still there);
 * - what stays as a record is pseudonymised ({@link pseudonymiseRecords}): audit-log entries about
 *   the account or its orders, the payment providers' payloads of its orders, and mails to other
 *   addresses (e.g. the shop's own notifications) that name the person.
 * Audited as `user.erase` (without the erased data).
 * @param actor `admin:<id>` or `user:<id>` (the customer themself).
 * @throws {DomainError} `not_found`; `conflict` key `userErased` when already erased; `conflict`
 *   key `openOrders` (params `codes`) while an order is unpaid or not shipped.
 */
export async function eraseUser(shop: Pick<Shop, 'db' | 'env'>, actor: string, userId: string): Promise<{ ordersKept: number }> {
  return shop.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!u) throw notFound();
    if (u.anonymisedAt) throw new DomainError('conflict', 'The personal data of this account was erased already', { key: 'userErased' });
    const open = await tx
      .select({ code: orders.code })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, OPEN_ORDER_STATUSES)));
    if (open.length > 0) {
      const codes = open.map((o) => o.code).join(', ');
      throw new DomainError('conflict', `Erasure is possible once every order is shipped, cancelled or expired (open: ${codes})`, {
        key: 'openOrders',
        params: { codes },
      });
    }
    const now = new Date();
    await tx
      .update(users)
      .set({
        email: `erased-${userId}@invalid`,
        passwordHash: '!erased',
        firstName: ERASED_NAME,
        lastName: '',
        phone: '',
        dateOfBirth: '1900-01-01',
        street: '',
        postalCode: '',
        city: '',
        referralCode: null,
        emailVerifiedAt: null,
        blockedAt: now,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
    await tx.delete(carts).where(eq(carts.userId, userId));
    await tx.delete(outbox).where(eq(outbox.to, u.email));
    await tx.delete(contactMessages).where(eq(contactMessages.email, u.email));
    await tx.update(promos).set({ influencerUserId: null }).where(eq(promos.influencerUserId, userId));
    const kept = await tx.select({ id: orders.id, address: orders.address }).from(orders).where(eq(orders.userId, userId));
    const personal = [
      `${u.firstName} ${u.lastName}`,
      u.firstName,
      u.lastName,
      u.phone,
      u.street,
      u.city,
      ...kept.flatMap((o) => [`${o.address.firstName} ${o.address.lastName}`, o.address.firstName, o.address.lastName, o.address.street, o.address.city]),
    ];
    await pseudonymiseRecords(
      tx,
      userId,
      u.email,
      kept.map((o) => o.id),
      personal,
    );
    for (const o of kept) {
      await tx
        .update(orders)
        .set({
          address: { firstName: ERASED_NAME, lastName: '', street: '', postalCode: o.address.postalCode, city: '', country: o.address.country },
          updatedAt: now,
        })
        .where(eq(orders.id, o.id));
    }
    const returns = await tx
      .update(orderReturns)
      .set({ iban: null, message: ERASED_TEXT, photos: [], updatedAt: now })
      .where(eq(orderReturns.userId, userId)) // a return's user is its order's
      .returning({ id: orderReturns.id });
    await recordAudit(tx, { actor, action: 'user.erase', entity: 'user', entityId: userId, after: { ordersKept: kept.length, returns: returns.length } });
    const store = photoStore(shop.env);
    for (const r of returns) await store.removePrefix(`returns/${r.id}/`);
    return { ordersKept: kept.length };
  });
}

/**
 * A customer erases their own account from `/profile`, confirming with their password.
 * @throws {DomainError} `invalid` field `password` (key `currentPasswordWrong`) for a wrong
 *   password; the errors of {@link eraseUser}.
 */
export async function eraseOwnAccount(shop: Pick<Shop, 'db' | 'env'>, userId: string, password: unknown): Promise<{ ordersKept: number }> {
  const [u] = await shop.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound();
  if (typeof password !== 'string' || !password || !(await verifyPassword(u.passwordHash, password))) {
    const msg = 'The current password is wrong';
    throw new DomainError('invalid', msg, { key: 'currentPasswordWrong', fields: { password: { key: 'currentPasswordWrong' } } });
  }
  return eraseUser(shop, `user:${userId}`, userId);
}

/**
 * Pseudonymises the records an erasure keeps (inside the erasure's transaction):
 * - audit-log entries about the account (`user`, its id), about its orders (`order`, their ids)
 *   and any other entry whose fields contain the e-mail address: their before/after values lose
 *   the person's data (core/privacy/pseudonymise.ts), ids, actions and dates stay (the log's
 *   trigger refuses any other change, and this one outside an erasure's transaction);
 * - the providers' stored payloads (`payments.raw`) of its orders, the same way (the payment's
 *   amount, reference and date stay for the accounts);
 * - mails in the outbox to other addresses whose subject or text names the person: the names are
 *   replaced and attachments dropped.
 * @param orderIds the ids of the person's orders.
 * @param values the person's other values to replace in texts (names, phone, street, city…;
 *   values under 3 characters are ignored).
 */
async function pseudonymiseRecords(tx: Db, userId: string, email: string, orderIds: string[], values: string[]): Promise<void> {
  const scrub = textScrubber([email, ...values]);
  const needle = email.toLowerCase();
  const about = [and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId))!];
  if (orderIds.length) about.push(and(eq(auditLog.entity, 'order'), inArray(auditLog.entityId, orderIds))!);
  about.push(sql`strpos(lower(coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, '')), ${needle}) > 0`);
  const entries = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(or(...about));
  // the audit log is append-only (migration 0024's trigger): only this transaction may rewrite
  // the entries' before/after values, which is what the setting, local to it, allows
  if (entries.length) await tx.execute(sql`select set_config('shop.audit_erasure', 'on', true)`);
  for (const e of entries) {
    await tx
      .update(auditLog)
      .set({ before: e.before && scrubJson(e.before, scrub), after: e.after && scrubJson(e.after, scrub) })
      .where(eq(auditLog.id, e.id));
  }
  if (orderIds.length) {
    const pays = await tx.select({ id: payments.id, raw: payments.raw }).from(payments).where(inArray(payments.orderId, orderIds));
    for (const p of pays)
      if (p.raw != null)
        await tx
          .update(payments)
          .set({ raw: scrubJson(p.raw, scrub) })
          .where(eq(payments.id, p.id));
  }
  const terms = [needle, ...values.map((v) => v.trim().toLowerCase()).filter((v) => v.length >= 3)];
  const body = sql`lower(${outbox.subject} || ' ' || ${outbox.text} || ' ' || coalesce(${outbox.html}, ''))`;
  const mails = await tx
    .select({ id: outbox.id, subject: outbox.subject, text: outbox.text, html: outbox.html })
    .from(outbox)
    .where(or(...terms.map((t) => sql`strpos(${body}, ${t}) > 0`)));
  for (const m of mails) {
    await tx
      .update(outbox)
      .set({ subject: scrub(m.subject), text: scrub(m.text), html: m.html === null ? null : scrub(m.html), attachments: [] })
      .where(eq(outbox.id, m.id));
  }
}
