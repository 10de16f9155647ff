/**
 * Release day, the part safe in the browser: the limits of a release's settings and the figures
 * the admin's release view shows (core/releases/service.ts holds the rules).
 */

/** Most units one customer may be allowed per release (and per order line, as the cart allows). */
export const MAX_RELEASE_LIMIT = 999;
/** Longest bank-transfer reservation a release may set, hours (the shop's own cap is 7 days). */
export const MAX_RELEASE_BANK_TRANSFER_HOURS = 168;

/** A release's settings as the admin's form shows them. */
export type ReleaseSettings = {
  /** When the release opens, ISO 8601 (UTC). */
  opensAt: string;
  /** Units per customer (account and delivery address); null: no limit. */
  perCustomerLimit: number | null;
  /** Whether orders holding the release may be paid by bank transfer. */
  allowBankTransfer: boolean;
  /** Bank-transfer reservation in hours when shorter than the shop's; null: the shop's. */
  bankTransferHours: number | null;
};

/**
 * A release as it sells (admin release view), in units: `reserved` in orders awaiting payment,
 * `paid` in orders paid (and beyond, refunds included), `expired` and `cancelled` in orders whose
 * units went back to the release; `sold` = reserved + paid; `left` the product's stock now.
 */
export type ReleaseFigures = ReleaseSettings & {
  productId: string;
  name: string;
  sku: string;
  left: number;
  sold: number;
  reserved: number;
  paid: number;
  expired: number;
  cancelled: number;
  /** Orders holding the release that were not cancelled or expired. */
  orders: number;
  /** Customers with such an order. */
  buyers: number;
};
