/**
 * Bank-to-customer debit/credit notifications, ISO 20022 camt.054 (Swiss Payment Standards), read
 * with `fast-xml-parser`. Each credit transaction (`CdtDbtInd` = `CRDT`) is matched by its QR or
 * creditor reference (`RmtInf/Strd/CdtrRefInf/Ref`) and recorded once (provider `bank`, keyed by
 * the bank's `AcctSvcrRef`, else the entry's reference and the transaction's position).
 */
import { XMLParser } from 'fast-xml-parser';
import type { Shop } from '../shop-type.ts';
import { normalizeReference } from '../orders/index.ts';
import { recordPayment, type PaymentOutcome } from './service.ts';

/** A credit transaction from a camt.054 file. Amount in Rappen. */
export type BankCredit = { bankRef: string; reference: string | null; amount: number; currency: string; bookingDate: string | null; debtor: string | null };

/** Thrown for a file that is not a camt.054 document. */
export class Camt054Error extends Error {}

type Node = Record<string, unknown>;
const arr = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') {
    const t = (v as Node)['#text'];
    return t === undefined ? null : String(t);
  }
  return String(v);
};

/**
 * Reads the credit transactions of a camt.054 file (any version 04..08; namespaces ignored).
 * @throws {Camt054Error} when the XML is not a camt.054 document.
 */
export function parseCamt054(xml: string): BankCredit[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, processEntities: false });
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (e) {
    throw new Camt054Error(`Not XML: ${(e as Error).message}`);
  }
  const root = (doc.Document as Node | undefined)?.BkToCstmrDbtCdtNtfctn as Node | undefined;
  if (!root) throw new Camt054Error('Not a camt.054 document (no BkToCstmrDbtCdtNtfctn)');
  const out: BankCredit[] = [];
  for (const ntfctn of arr(root.Ntfctn as Node | Node[])) {
    for (const ntry of arr(ntfctn.Ntry as Node | Node[])) {
      const entryRef = text(ntry.AcctSvcrRef) ?? text(ntry.NtryRef);
      const bookingDate = text((ntry.BookgDt as Node | undefined)?.Dt) ?? text((ntry.BookgDt as Node | undefined)?.DtTm);
      const status = text((ntry.Sts as Node | undefined)?.Cd) ?? text(ntry.Sts);
      if (status && status !== 'BOOK') continue;
      const txs = arr(ntry.NtryDtls as Node | Node[]).flatMap((d) => arr(d.TxDtls as Node | Node[]));
      txs.forEach((tx, i) => {
        const ind = text(tx.CdtDbtInd) ?? text(ntry.CdtDbtInd);
        if (ind !== 'CRDT') return;
        const amtNode = (tx.Amt ?? (tx.AmtDtls as Node | undefined)?.TxAmt ?? ntry.Amt) as Node | string | undefined;
        const amountText = text(typeof amtNode === 'object' && amtNode && 'Amt' in amtNode ? amtNode.Amt : amtNode);
        const currency = typeof amtNode === 'object' && amtNode ? String(amtNode['@Ccy'] ?? (amtNode.Amt as Node | undefined)?.['@Ccy'] ?? '') : '';
        if (!amountText || !/^\d+(\.\d{1,2})?$/.test(amountText.trim())) return;
        const [whole, frac = ''] = amountText.trim().split('.');
        const amount = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
        const refs = tx.Refs as Node | undefined;
        const strd = arr((tx.RmtInf as Node | undefined)?.Strd as Node | Node[]);
        const ref = strd.map((s) => text((s.CdtrRefInf as Node | undefined)?.Ref)).find(Boolean) ?? null;
        const bankRef = text(refs?.AcctSvcrRef) ?? `${entryRef ?? 'entry'}#${i + 1}`;
        const debtorNode = (tx.RltdPties as Node | undefined)?.Dbtr as Node | undefined;
        const debtor = text(debtorNode?.Nm) ?? text((debtorNode?.Pty as Node | undefined)?.Nm);
        out.push({ bankRef, reference: ref ? normalizeReference(ref) : null, amount, currency, bookingDate, debtor });
      });
    }
  }
  return out;
}

/** One credit of an import as the admin's answer lists it. Amount in Rappen. */
export type ImportedCredit = {
  /** The QR or creditor reference the bank reported (normalised), or null when it carried none. */
  reference: string | null;
  amount: number;
  currency: string;
  /** The order it was credited to, when one matched. */
  code: string | null;
  /** Rappen still open on that order after this credit (0 once paid). */
  open: number | null;
};

/**
 * What an import did. `credits`: credit transactions read. Counts, then the credits themselves by
 * outcome: `paid` (the order is now fully paid), `partPaid` (credited, some still open),
 * `unmatchedCredits` (no order with that reference, or a foreign currency), `overpaidCredits`
 * (for an order no longer awaiting payment, or beyond its total; to return), `duplicateCredits`
 * (already recorded by an earlier upload; nothing changed).
 */
export type ImportSummary = {
  credits: number;
  recorded: number;
  duplicates: number;
  paidOrders: string[];
  partial: number;
  unmatched: number;
  overpaid: number;
  paid: ImportedCredit[];
  partPaid: ImportedCredit[];
  unmatchedCredits: ImportedCredit[];
  overpaidCredits: ImportedCredit[];
  duplicateCredits: ImportedCredit[];
};

/**
 * Matches and records the credits of a camt.054 file. Re-importing the same file records nothing.
 * @throws {Camt054Error} for a file that is not camt.054.
 */
export async function importCamt054(shop: Shop, xml: string): Promise<ImportSummary> {
  const credits = parseCamt054(xml);
  const s: ImportSummary = {
    credits: credits.length,
    recorded: 0,
    duplicates: 0,
    paidOrders: [],
    partial: 0,
    unmatched: 0,
    overpaid: 0,
    paid: [],
    partPaid: [],
    unmatchedCredits: [],
    overpaidCredits: [],
    duplicateCredits: [],
  };
  for (const c of credits) {
    const o: PaymentOutcome = await recordPayment(shop, {
      provider: 'bank',
      providerRef: c.bankRef,
      reference: c.reference,
      amount: c.amount,
      currency: c.currency || 'CHF',
      exactAmount: false,
      raw: c,
    });
    const line = (code: string | null, open: number | null): ImportedCredit => ({
      reference: c.reference,
      amount: c.amount,
      currency: c.currency || 'CHF',
      code,
      open,
    });
    if (o.result === 'duplicate') {
      s.duplicates++;
      s.duplicateCredits.push(line(null, null));
      continue;
    }
    s.recorded++;
    const code = o.order?.code ?? null;
    const open = o.order ? Math.max(0, o.order.total - o.order.paidAmount) : null;
    if (o.payment.status === 'unmatched') {
      s.unmatched++;
      s.unmatchedCredits.push(line(null, null));
    } else if (o.payment.status === 'overpaid') {
      s.overpaid++;
      s.overpaidCredits.push(line(code, open));
    }
    // an over-payment that completes an unpaid order also pays it
    if (o.orderPaid && o.order) {
      s.paidOrders.push(o.order.code);
      s.paid.push(line(code, 0));
    } else if (o.order && o.payment.status === 'captured') {
      s.partial++;
      s.partPaid.push(line(code, open));
    }
  }
  return s;
}
