/**
 * Refunds to pay: a refund of a bank-transfer (QR-bill) order is recorded at once with its credit
 * note (core/payments/refunds.ts), but the money leaves only when the owner transfers it. Such a
 * refund is "to pay" until it is marked paid (`refunds.transferred_at`). The list names the
 * customer's IBAN from their return request; those with one can be exported as a pain.001 file
 * (core/payments/pain001.ts) for the owner's e-banking. Money in Rappen.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { recordAudit, recordAuditOn } from '../audit/index.ts';
import { getSettings, compactIban } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { orderReturns, orders, refunds } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { todayIn } from '../i18n/index.ts';
import { pain001Xml } from './pain001.ts';

/** A refund still to transfer. */
export type RefundToPay = {
  id: string;
  orderId: string;
  orderCode: string;
  creditNoteNumber: string;
  /** Rappen. */
  amount: number;
  /** The customer's name on the order. */
  name: string;
  /** The customer's IBAN from the return request (electronic format), or null (refund made on the order page). */
  iban: string | null;
  createdAt: Date;
};

/** Longest list (and file) at once; the owner pays the oldest first. */
const MAX_REFUNDS_TO_PAY = 500;

function toPay() {
  return and(eq(refunds.provider, 'bank'), eq(refunds.status, 'succeeded'), isNull(refunds.transferredAt), eq(orders.paymentMethod, 'qr-bill'));
}

/** The bank-transfer refunds not yet marked paid, oldest first (at most {@link MAX_REFUNDS_TO_PAY}). */
export async function refundsToPay(db: Db): Promise<RefundToPay[]> {
  const rows = await db
    .select({
      id: refunds.id,
      orderId: orders.id,
      orderCode: orders.code,
      creditNoteNumber: refunds.creditNoteNumber,
      amount: refunds.amount,
      address: orders.address,
      iban: orderReturns.iban,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(orderReturns, eq(orderReturns.refundId, refunds.id))
    .where(toPay())
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(MAX_REFUNDS_TO_PAY);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    orderCode: r.orderCode,
    creditNoteNumber: r.creditNoteNumber ?? '',
    amount: r.amount,
    name: `${r.address.firstName} ${r.address.lastName}`.trim(),
    iban: r.iban || null,
    createdAt: r.createdAt,
  }));
}

function refuseIds(): DomainError {
  return new DomainError('invalid', 'Choose at least one refund (at most 500)', { key: 'refundsToPay.noneChosen' });
}

/**
 * Marks refunds paid, in ONE transaction: each chosen refund still to pay gets `transferred_at`
 * and `transferred_by` and an audit entry `order.refund.transferred` on its order. A refund
 * already marked (a second click, two admins at once: the rows are locked) is left as it is,
 * so submitting twice marks once.
 * @param ids refund ids, 1..{@link MAX_REFUNDS_TO_PAY}.
 * @returns how many were marked now.
 * @throws {DomainError} `invalid` (key `refundsToPay.noneChosen`: none chosen, or too many); `not_found` for an id
 *   that is not a bank-transfer refund.
 */
export async function markRefundsPaid(db: Db, ids: string[], adminId: string, now = new Date()): Promise<{ marked: number }> {
  const unique = [...new Set(ids.map((i) => i.trim()).filter(Boolean))];
  if (unique.length === 0 || unique.length > MAX_REFUNDS_TO_PAY) throw refuseIds();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        amount: refunds.amount,
        creditNoteNumber: refunds.creditNoteNumber,
        transferredAt: refunds.transferredAt,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(inArray(refunds.id, unique), eq(refunds.provider, 'bank'), eq(refunds.status, 'succeeded'), eq(orders.paymentMethod, 'qr-bill')))
      .orderBy(asc(refunds.id))
      .for('update', { of: refunds });
    if (rows.length !== unique.length) throw new DomainError('not_found', 'Refund not found', { key: 'refundsToPay.notFound' });
    let marked = 0;
    for (const r of rows) {
      if (r.transferredAt) continue;
      await tx
        .update(refunds)
        .set({ transferredAt: now, transferredBy: `admin:${adminId}`, updatedAt: now })
        .where(and(eq(refunds.id, r.id), isNull(refunds.transferredAt)));
      await recordAuditOn(tx, `admin:${adminId}`, 'order.refund.transferred', r.orderId, {
        before: { refund: r.id, transferred: false },
        after: { refund: r.id, transferred: true, amount: r.amount, creditNoteNumber: r.creditNoteNumber },
      });
      marked++;
    }
    return { marked };
  });
}

/**
 * The pain.001.001.09 (SPS) file of the refunds to pay that have the customer's IBAN (all, or
 * those of `ids`): debtor the shop (name, address, IBAN of the settings), one transfer per refund
 * (creditor the customer's name and IBAN, CHF, end-to-end id `<credit note>/<order code>`),
 * execution today in the shop's time zone. Nothing is marked paid: the owner marks the refunds
 * once the bank has taken the file. The export is audited (`refunds.export`).
 * @returns the XML, its unique message id, the refunds in it and their total (Rappen).
 * @throws {DomainError} `conflict` (key `refundsToPay.nothingToExport`) when none has an IBAN;
 *   `conflict` (key `refundsToPay.shopIbanInvalid`) when the shop's IBAN is not a CH/LI IBAN.
 */
export async function exportRefundsToPay(
  db: Db,
  adminId: string,
  opts: { ids?: string[]; now?: Date; software?: { name: string; version: string } } = {},
): Promise<{ xml: string; messageId: string; refundIds: string[]; total: number }> {
  const now = opts.now ?? new Date();
  const settings = await getSettings(db);
  const debtorIban = compactIban(settings.iban);
  if (!/^(CH|LI)/.test(debtorIban)) throw new DomainError('conflict', 'Set the shop IBAN in the settings first', { key: 'refundsToPay.shopIbanInvalid' });
  const chosen = opts.ids ? new Set(opts.ids) : null;
  const list = (await refundsToPay(db)).filter((r) => r.iban && (!chosen || chosen.has(r.id)));
  if (list.length === 0) throw new DomainError('conflict', 'No refund to pay with the customer’s IBAN', { key: 'refundsToPay.nothingToExport' });
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const messageId = `RF-${stamp}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const xml = pain001Xml({
    messageId,
    createdAt: now,
    timeZone: settings.timeZone,
    executionDate: todayIn(settings.timeZone, now),
    software: opts.software,
    debtor: {
      name: settings.companyName,
      iban: debtorIban,
      street: settings.street,
      buildingNumber: settings.buildingNumber,
      postalCode: settings.postalCode,
      city: settings.city,
      country: settings.country,
    },
    transfers: list.map((r) => ({
      endToEndId: `${r.creditNoteNumber}/${r.orderCode}`,
      amount: r.amount,
      creditorName: r.name,
      creditorIban: r.iban!,
      remittance: `${settings.companyName} ${r.creditNoteNumber} ${r.orderCode}`,
    })),
  });
  const total = list.reduce((s, r) => s + r.amount, 0);
  await recordAudit(db, {
    actor: `admin:${adminId}`,
    action: 'refunds.export',
    entity: 'refunds',
    after: { messageId, count: list.length, total },
  });
  return { xml, messageId, refundIds: list.map((r) => r.id), total };
}
