/**
 * A credit transfer order as an ISO 20022 pain.001.001.09 file in the Swiss Payment Standards'
 * CH version (`pain.001.001.09.ch.03`, SIX "Swiss Implementation Guidelines Customer Credit
 * Transfer Initiation"), which Swiss e-banking imports: one payment (debit of the shop's account,
 * requested execution date) with one transaction per refund. Money in Rappen; the file names CHF
 * with two decimals. Built with `fast-xml-parser`'s XMLBuilder (which escapes the texts).
 *
 * Texts follow the SPS character set (Basic Latin, Latin-1 Supplement, Latin Extended-A, €, Ș
 * ș Ț ț): any other character is written without its accent when that leaves an allowed one,
 * else as `.`, since a bank refuses the whole file for one character outside the set.
 * Identifiers (message, payment and end-to-end id) take letters, digits and `+?/-:().,'` and
 * spaces, up to 35 characters.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { isoInZone } from '../i18n/browser.ts';
import { rappenToDecimalString } from '../pricing/browser.ts';

/** The namespace SIX keeps for the CH version of pain.001.001.09. */
const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** One credit transfer of a {@link Pain001Order}. */
type Pain001Transfer = {
  /** End-to-end id the creditor's bank passes on (e.g. credit note number / order code), ≤ 35. */
  endToEndId: string;
  /** Rappen, > 0. */
  amount: number;
  creditorName: string;
  /** Electronic format, e.g. `CH9300762011623852957`. */
  creditorIban: string;
  /** Unstructured remittance text the creditor reads, ≤ 140. */
  remittance: string;
};

/** What {@link pain001Xml} writes. */
export type Pain001Order = {
  /** Unique per file (banks refuse a message id they have seen), ≤ 35. */
  messageId: string;
  createdAt: Date;
  /** The shop's IANA zone: the file's creation time (`CreDtTm`) is its local time with the offset, as the e-banking shows it. */
  timeZone: string;
  /** `YYYY-MM-DD`. */
  executionDate: string;
  debtor: { name: string; iban: string; street?: string; buildingNumber?: string; postalCode?: string; city?: string; country?: string };
  transfers: Pain001Transfer[];
  /** Software name and version named in the initiating party's contact details (SPS recommends it). */
  software?: { name: string; version: string };
};

const SPS_CHAR = /^[\u0020-\u007e\u00a0-\u017f€ȘșȚț]$/u;
const ID_CHAR = /^[A-Za-z0-9+?/\-:().,' ]$/;

/** `text` in the SPS character set (see the module comment), trimmed to `max` characters. */
export function spsText(text: string, max: number): string {
  const out = [...text.normalize('NFC').replace(/\s+/g, ' ').trim()]
    .map((c) => {
      if (SPS_CHAR.test(c)) return c;
      const base = c.normalize('NFD').replace(/\p{M}/gu, '');
      return base.length === 1 && SPS_CHAR.test(base) ? base : '.';
    })
    .join('');
  return out.slice(0, max).trim() || '.';
}

/** `text` as an SPS identifier (see the module comment). */
export function spsId(text: string): string {
  return (
    [...text.normalize('NFD').replace(/\p{M}/gu, '')]
      .map((c) => (ID_CHAR.test(c) ? c : '-'))
      .join('')
      .slice(0, 35)
      .trim() || '-'
  );
}

/** The Swiss or Liechtenstein institution id (IID) in positions 5–9 of a CH/LI IBAN, or null. */
export function ibanInstitutionId(iban: string): string | null {
  return /^(CH|LI)\d{7}/.test(iban) ? iban.slice(4, 9) : null;
}

/**
 * The pain.001.001.09 (SPS CH version 03) XML of `order`.
 * @throws {Error} when there is no transfer or an amount is not a positive whole number of Rappen
 *   (callers check first; this guards the file).
 */
export function pain001Xml(order: Pain001Order): string {
  if (order.transfers.length === 0) throw new Error('A payment file needs at least one transfer');
  for (const t of order.transfers) if (!Number.isInteger(t.amount) || t.amount <= 0) throw new Error(`Amount ${t.amount} is not a positive number of Rappen`);
  const total = rappenToDecimalString(order.transfers.reduce((s, t) => s + t.amount, 0));
  const count = String(order.transfers.length);
  const d = order.debtor;
  const iid = ibanInstitutionId(d.iban);
  const address = {
    ...(d.street ? { StrtNm: spsText(d.street, 70) } : {}),
    ...(d.buildingNumber ? { BldgNb: spsText(d.buildingNumber, 16) } : {}),
    ...(d.postalCode ? { PstCd: spsText(d.postalCode, 16) } : {}),
    ...(d.city ? { TwnNm: spsText(d.city, 35) } : {}),
    ...(d.country ? { Ctry: d.country } : {}),
  };
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: spsId(order.messageId),
          CreDtTm: isoInZone(order.createdAt, order.timeZone),
          NbOfTxs: count,
          CtrlSum: total,
          InitgPty: {
            Nm: spsText(d.name, 70),
            ...(order.software
              ? {
                  CtctDtls: {
                    Othr: [
                      { ChanlTp: 'NAME', Id: spsText(order.software.name, 128) },
                      { ChanlTp: 'VRSN', Id: spsText(order.software.version, 128) },
                    ],
                  },
                }
              : {}),
          },
        },
        PmtInf: {
          PmtInfId: spsId(`${order.messageId}-1`),
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: total,
          ReqdExctnDt: { Dt: order.executionDate },
          Dbtr: { Nm: spsText(d.name, 70), ...(Object.keys(address).length ? { PstlAdr: address } : {}) },
          DbtrAcct: { Id: { IBAN: d.iban } },
          DbtrAgt: { FinInstnId: iid ? { ClrSysMmbId: { ClrSysId: { Cd: 'CHBCC' }, MmbId: iid } } : {} },
          CdtTrfTxInf: order.transfers.map((t) => ({
            PmtId: { InstrId: spsId(t.endToEndId), EndToEndId: spsId(t.endToEndId) },
            Amt: { InstdAmt: { '@_Ccy': 'CHF', '#text': rappenToDecimalString(t.amount) } },
            Cdtr: { Nm: spsText(t.creditorName, 70) },
            CdtrAcct: { Id: { IBAN: t.creditorIban } },
            RmtInf: { Ustrd: spsText(t.remittance, 140) },
          })),
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: false });
  return builder.build(doc) as string;
}
