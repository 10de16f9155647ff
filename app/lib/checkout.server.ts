/** Server helpers shared by the checkout pages: error messages in the visitor's language, order views. */
import { STATUS_FOR, type DomainError } from '../../core/errors.ts';
import type { OrderWithLines } from '../../core/orders/index.ts';

/** HTTP status for a DomainError in a page action: the API's mapping, except that a page has no token to refresh (401, not 417). */
export function domainStatus(e: DomainError): number {
  return e.code === 'token_expired' ? 401 : STATUS_FOR[e.code];
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
    bonus: o.bonus,
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
    lines: o.lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      sku: l.sku,
      name: l.name,
      packaging: l.packaging,
      count: l.count,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      lineTotal: l.lineTotal,
      box: l.box ?? null,
    })),
  };
}

export type OrderView = ReturnType<typeof orderView>;
