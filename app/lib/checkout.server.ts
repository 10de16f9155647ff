/** Server helpers shared by the checkout pages: order views (their errors: ./page-action.server.ts). */
import type { OrderWithLines } from '../../core/orders/index.ts';

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
