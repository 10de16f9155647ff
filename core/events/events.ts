/**
 * The shop's domain events: what happened, in the words of the module it happened in, with the
 * ids of what it happened to (a handler reads the rows in the same transaction) and what only the
 * emitter knows (a link's clear token, the origin the visitor came from). Past tense: an event is
 * emitted after the change it tells of was written, in the same transaction.
 */

/** Who asked for a link mail: the account's owner (sent after the answer, ADR on enumeration) or an admin. */
export type RequestedBy = 'customer' | 'admin';

export type DomainEvent =
  /** A customer registered (or registered again an address never confirmed): the confirmation link is due. */
  | { type: 'account.registered'; userId: string; token: string; origin: string }
  /** Someone registered an address that has a confirmed account: its owner is told, with a reset link. */
  | { type: 'account.registrationOfTakenAddress'; userId: string; token: string; origin: string }
  /**
   * A new confirmation link was issued. `userId` null: the address has no account that wants one;
   * the handlers do the same work without effect, so the answer's timing tells nothing.
   */
  | { type: 'account.confirmationRequested'; userId: string | null; token: string; origin: string; by: RequestedBy }
  /** A password-reset link was issued (`userId` null as for a confirmation). */
  | { type: 'account.passwordResetRequested'; userId: string | null; token: string; origin: string; by: RequestedBy }
  /** An account's password was changed or reset. */
  | { type: 'account.passwordChanged'; userId: string }
  /** An account's second factor was added (`enabled`) or removed. */
  | { type: 'account.twoFactorChanged'; userId: string; enabled: boolean }
  /** The right password was followed by `count` wrong two-factor codes. */
  | { type: 'account.twoFactorCodesFailed'; userId: string; count: number }
  /** A visitor's contact message was stored. */
  | { type: 'contact.messageReceived'; messageId: string }
  /** An unpaid bank-transfer order's reservation ends soon (claimed once per order by core/jobs). */
  | { type: 'order.paymentReminderDue'; orderId: string }
  /** An unpaid bank-transfer order expired (claimed once per order by core/jobs). */
  | { type: 'order.expiryNoticeDue'; orderId: string }
  /** A product sold down to its low-stock threshold; `stock` counts what unpaid orders hold. */
  | { type: 'product.lowStock'; productId: string; stock: number }
  /** An order was written at checkout (whatever its payment method): the shop is told. */
  | { type: 'order.placed'; orderId: string }
  /**
   * The order's customer is due its "order received" (bank transfer: the payment data and the
   * QR-bill) or "payment received" (the invoice) notice. A handler that cannot make it throws; the
   * emitter runs it in a savepoint and retries later (core/orders mail-retries.ts), so this event
   * may come again for the same order until the notice is made.
   */
  | { type: 'order.noticeDue'; orderId: string; notice: 'order_received' | 'payment_received' }
  /** A paid order was shipped with a carrier and tracking number. */
  | { type: 'order.shipped'; orderId: string }
  /** Order notices wait for a retry that the shop has not heard of (throttled by core/orders). */
  | { type: 'order.noticesFailing'; orderIds: string[] }
  /** A customer cancelled their unpaid order. */
  | { type: 'order.cancelledByCustomer'; orderId: string }
  /** A customer asked to return (part of) an order. */
  | { type: 'return.requested'; returnId: string }
  /** An admin accepted a return and refunded it (`refundId`, with its credit note). */
  | { type: 'return.accepted'; returnId: string; refundId: string }
  /** An admin refused a return (the reason is the return's decision note). */
  | { type: 'return.refused'; returnId: string }
  /**
   * A refund was recorded, with its credit note. `byReturn`: it is the refund of an accepted
   * return, whose own event tells the customer.
   */
  | { type: 'refund.recorded'; refundId: string; byReturn: boolean };

/** The `type` of a domain event. */
export type EventType = DomainEvent['type'];

/** The event of one type. */
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
