/** Server helpers shared by the checkout pages: error messages in the visitor's language, order views. */
import { DomainError } from '../../core/errors.ts';
import type { OrderWithLines } from '../../core/orders/service.ts';
import { translate } from '../i18n/resources.server.ts';

/** A DomainError's message in `lang` (namespace `errors`), or its English message. */
export function domainMessage(lang: string, e: DomainError): string {
  return e.opts.key ? translate(lang, `errors:${e.opts.key}`, { ...e.opts.params, defaultValue: e.message }) : e.message;
}

/** HTTP status for a DomainError in a page action. */
export function domainStatus(e: DomainError): number {
  return { invalid: 400, unauthenticated: 401, forbidden: 403, not_found: 404, conflict: 409, token_expired: 401, rate_limited: 429 }[e.code];
}

/** Address field messages in `lang` (the service's messages are English). */
export function addressFieldMessages(lang: string, fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, msg] of Object.entries(fields ?? {})) {
    if (k === 'postalCode' && /4 digits/.test(msg)) out[k] = translate(lang, 'checkout:payment.postcodeInvalid');
    else if (k === 'country') out[k] = translate(lang, 'checkout:payment.countryInvalid');
    else if (/required/i.test(msg)) out[k] = translate(lang, 'checkout:payment.required');
    else out[k] = msg;
  }
  return out;
}

/** An order as the customer pages show it (money in Rappen, dates as ISO strings). */
export function orderView(o: OrderWithLines) {
  return {
    id: o.id,
    code: o.code,
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    subtotal: o.subtotal,
    discount: o.discount,
    promoCode: o.promoCode,
    shippingFee: o.shippingFee,
    total: o.total,
    vat: o.vat,
    paidAmount: o.paidAmount,
    address: o.address,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt?.toISOString() ?? null,
    paidAt: o.paidAt?.toISOString() ?? null,
    invoiceNumber: o.invoiceNumber,
    lines: o.lines.map((l) => ({ id: l.id, productId: l.productId, sku: l.sku, name: l.name, packaging: l.packaging, count: l.count, unitPrice: l.unitPrice, discountPercent: l.discountPercent, lineTotal: l.lineTotal })),
  };
}

export type OrderView = ReturnType<typeof orderView>;

/**
 * The signed-in admin of a page action (the admin layout guards GET only; actions check again).
 * @throws a 403 response otherwise.
 */
export function requireAdminAction(auth: { userId: string; role: string } | null): { userId: string; role: string } {
  if (!auth || auth.role !== 'Admin') throw new Response('Not allowed', { status: 403 });
  return auth;
}

/** A CHF amount typed by an admin ("7", "7.5", "7.50") in Rappen, without floating point; null if invalid. */
export function parseChfInput(s: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
