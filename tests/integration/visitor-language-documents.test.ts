/**
 * Documents in the order's language: the credit note's reason for a return from the locale
 * (not "Return: damaged"), its buyer heading; the country of the addresses named in the document's
 * language; the QR-bill's message ("Bestellung CQTXQJG7", English where the language's script is
 * outside the QR-bill's character set); a custom box's default model name in the invoice's language.
 */
import { describe, expect, it } from 'vitest';
import { creditNotePdf } from '../../core/invoices/credit-note.ts';
import { invoicePdf, qrBillData, qrBillMessage } from '../../core/invoices/pdf.ts';
import { type OrderWithLines } from '../../core/orders/index.ts';
import { productWith } from '../helpers/customers.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { beforeAllGermanOrder } from '../helpers/documents.ts';

const suite = beforeAllGermanOrder(async (shop) => [[(await productWith(shop, 10, 2500, 60)).id, 2]], { invoiceNumber: '2026-00077', locale: 'de' });

const text = async (pdf: Buffer) => (await pdfText(pdf)).join('\n');
const refund = (reason: string) => ({
  creditNoteNumber: 'G-2026-0001',
  amount: 2500,
  reason,
  lines: [{ lineId: suite.order.lines[0].id, sku: suite.order.lines[0].sku, name: suite.order.lines[0].name, count: 1 }],
  createdAt: new Date('2026-11-25T10:00:00Z'),
});

describe('credit note', () => {
  it('German: the return reason from the locale, the buyer heading of a credit note, the country in German', async () => {
    const t = await text(await creditNotePdf(suite.order, refund('Return: damaged'), suite.settings));
    expect(t).toContain('Grund: Rücksendung: Ware beschädigt');
    expect(t).not.toContain('Return: damaged');
    expect(t).toContain('Gutschrift für');
    expect(t).not.toContain('Rechnung an');
    expect(t).toContain('Schweiz');
    expect(t).not.toContain('Switzerland');
    const wrong = await text(await creditNotePdf(suite.order, refund('Return: wrong_item'), suite.settings));
    expect(wrong).toContain('Rücksendung: falscher Artikel');
  });

  it('a reason the admin typed is printed as typed; French words for French orders', async () => {
    expect(await text(await creditNotePdf(suite.order, refund('Kulanz, Kiste verspätet'), suite.settings))).toContain('Grund: Kulanz, Kiste verspätet');
    const fr = await text(await creditNotePdf({ ...suite.order, locale: 'fr' }, refund('Return: damaged'), suite.settings));
    expect(fr).toContain('Retour : marchandise endommagée');
    expect(fr).toContain('Suisse');
  });
});

describe('invoice', () => {
  it('German: "Rechnung an" and the buyer\'s and the seller\'s country in German', async () => {
    const t = await text(await invoicePdf(suite.order, suite.settings, { withQrBill: false }));
    expect(t).toContain('Rechnung an');
    expect(t).toContain('Schweiz');
    expect(t).not.toContain('Switzerland');
  });

  it("a custom box of a default model is named in the invoice's language; an owner's own name as written", async () => {
    const box = {
      modelId: 'cedar-10',
      capacity: 10,
      boxPrice: 2000,
      messageKind: 'card' as const,
      message: '',
      items: [{ productId: suite.order.lines[0].productId!, sku: suite.order.lines[0].sku, name: suite.order.lines[0].name, count: 10, unitPrice: 1000 }],
    };
    const withBox = (name: string, locale: string): OrderWithLines => ({ ...suite.order, locale, lines: [{ ...suite.order.lines[0], name, box }] });
    const de = await text(await invoicePdf(withBox('Cedar box for 10', 'de'), suite.settings, { withQrBill: false }));
    expect(de).toContain('Zedernholzkiste für 10 Zigarren');
    expect(de).not.toContain('Cedar box for 10');
    const own = await text(await invoicePdf(withBox('Kiste «Hochzeit»', 'de'), suite.settings, { withQrBill: false }));
    expect(own).toContain('Kiste «Hochzeit»');
  });

  it("the QR-bill message in the order's language, English for a script the QR-bill does not carry", async () => {
    expect(qrBillData(suite.order, suite.settings).message).toBe(`Bestellung ${suite.order.code}`);
    expect(qrBillMessage({ code: 'CQTXQJG7', locale: 'fr' })).toBe('Commande CQTXQJG7');
    expect(qrBillMessage({ code: 'CQTXQJG7', locale: 'it' })).toBe('Ordine CQTXQJG7');
    expect(qrBillMessage({ code: 'CQTXQJG7', locale: 'ja' })).toBe('Order CQTXQJG7');
    expect(qrBillMessage({ code: 'CQTXQJG7', locale: 'ru' })).toBe('Order CQTXQJG7');
    expect(qrBillMessage({ code: 'CQTXQJG7', locale: 'pl' })).toBe('Zamówienie CQTXQJG7');
    // the whole invoice with its QR part draws (swissqrbill checks the message's length and characters)
    expect((await invoicePdf(suite.order, suite.settings, { withQrBill: true })).length).toBeGreaterThan(1000);
  });
});
