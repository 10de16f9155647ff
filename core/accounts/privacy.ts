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
import { rappenToDecimalString } from '../pricing/money.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { carts } from '../cart/schema.ts';
import { contactMessages, outbox } from '../mail/schema.ts';
import { orderEvents, orderLines, orders, type OrderStatus } from '../orders/schema.ts';
import { payments } from '../payments/schema.ts';
import { promos } from '../promos/schema.ts';
import { verifyPassword } from './password.ts';
import { emailTokens, refreshTokens, users } from './schema.ts';

/** Order states that block erasure: the order still needs the customer (to pay or to receive it). */
export const OPEN_ORDER_STATUSES: OrderStatus[] = ['pending_payment', 'paid', 'processing'];

/** The placeholder name written over an erased person's name, in the account and in their orders. */
export const ERASED_NAME = 'Erased';

/** Format version of the export document. */
export const EXPORT_FORMAT = 'casadeltabaco.personal-data.v1';

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
 * - influencer promo codes stay (they are the shop's) but no longer point to the person.
 * Audited as `user.erase` (without the erased data).
 * @param actor `admin:<id>` or `user:<id>` (the customer themself).
 * @throws {DomainError} `not_found`; `conflict` key `userErased` when already erased; `conflict`
 *   key `openOrders` (params `codes`) while an order is unpaid or not shipped.
 */
export async function eraseUser(db: Db, actor: string, userId: string): Promise<{ ordersKept: number }> {
  return db.transaction(async (tx) => {
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
    for (const o of kept) {
      await tx
        .update(orders)
        .set({
          address: { firstName: ERASED_NAME, lastName: '', street: '', postalCode: o.address.postalCode, city: '', country: o.address.country },
          updatedAt: now,
        })
        .where(eq(orders.id, o.id));
    }
    await recordAudit(tx, { actor, action: 'user.erase', entity: 'user', entityId: userId, after: { ordersKept: kept.length } });
    return { ordersKept: kept.length };
  });
}

/**
 * A customer erases their own account from `/profile`, confirming with their password.
 * @throws {DomainError} `invalid` field `password` (key `currentPasswordWrong`) for a wrong
 *   password; the errors of {@link eraseUser}.
 */
export async function eraseOwnAccount(db: Db, userId: string, password: unknown): Promise<{ ordersKept: number }> {
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound();
  if (typeof password !== 'string' || !password || !(await verifyPassword(u.passwordHash, password))) {
    const msg = 'The current password is wrong';
    throw new DomainError('invalid', msg, { key: 'currentPasswordWrong', fields: { password: { key: 'currentPasswordWrong' } } });
  }
  return eraseUser(db, `user:${userId}`, userId);
}
