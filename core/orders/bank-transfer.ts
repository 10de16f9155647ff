/**
 * What a customer needs to pay a bank-transfer (QR-bill) order without scanning the QR code, for
 * the order page, the payment-success page and the order mail: beneficiary (the shop's company
 * name and address, as on the QR-bill's "Account / Payable to"), IBAN in groups of four, the
 * order's reference grouped as a QR-bill prints it (a QR reference in 2 + 5×5 digits, a
 * creditor reference in groups of four; swissqrbill's `formatReference`), the amount still open
 * and its currency, and the last day to pay. Money in Rappen.
 */
import { formatIBAN, formatReference } from 'swissqrbill/utils';
import type { ShopSettings } from '../config/browser.ts';
import type { OrderRow } from './queries.ts';

/** The payment data of a bank-transfer order, as text. Amount in Rappen. */
export type BankTransferDetails = {
  beneficiary: string;
  /** Street and building number, then postcode and town (and the country when not Switzerland). */
  beneficiaryAddress: string[];
  /** Grouped by four, e.g. `CH44 3199 9123 0008 8901 2`. */
  iban: string;
  /** Grouped as on a QR-bill, or null for an order without a reference. */
  reference: string | null;
  /** What is still open, Rappen. */
  amount: number;
  currency: 'CHF';
  /** The order's reservation end: the last moment to pay. */
  dueAt: Date | null;
};

/**
 * The payment data of `order` with the shop's `settings` (the same account and reference as its
 * QR-bill, core/invoices `qrBillData`).
 */
export function bankTransferDetails(
  order: Pick<OrderRow, 'total' | 'paidAmount' | 'paymentReference' | 'expiresAt'>,
  settings: Pick<ShopSettings, 'companyName' | 'street' | 'buildingNumber' | 'postalCode' | 'city' | 'country' | 'iban'>,
): BankTransferDetails {
  const compactIban = settings.iban.replace(/\s+/g, '').toUpperCase();
  const reference = order.paymentReference ? order.paymentReference.replace(/\s+/g, '') : null;
  return {
    beneficiary: settings.companyName,
    beneficiaryAddress: [
      `${settings.street} ${settings.buildingNumber}`.trim(),
      `${settings.postalCode} ${settings.city}`.trim(),
      ...(settings.country && settings.country !== 'CH' ? [settings.country] : []),
    ].filter(Boolean),
    iban: formatIBAN(compactIban),
    reference: reference ? formatReference(reference) : null,
    amount: Math.max(0, order.total - order.paidAmount),
    currency: 'CHF',
    dueAt: order.expiresAt ?? null,
  };
}
