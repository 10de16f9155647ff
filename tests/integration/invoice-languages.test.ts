/**
 * Invoice and credit-note PDFs in every customer language: embedded Noto fonts draw
 * Cyrillic, Polish, Chinese, Japanese, Korean and Arabic (right to left), checked by extracting
 * the text with PDF.js; product photos as thumbnails beside the lines.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addProductPhoto, invoicePhotos } from '../../core/catalogue/photos.ts';
import { resolveLocale } from '../../core/i18n/locales.ts';
import { textIn } from '../../core/i18n/texts.ts';
import { creditNotePdf } from '../../core/invoices/credit-note.ts';
import { invoicePdf } from '../../core/invoices/pdf.ts';
import { productWith } from '../helpers/customers.ts';
import { pdfText, pdfTextItems } from '../helpers/pdf-text.ts';
import { beforeAllGermanOrder } from '../helpers/documents.ts';

const suite = beforeAllGermanOrder(
  async (shop) => {
    const withPhoto = await productWith(shop, 10, 2500, 40);
    const without = await productWith(shop, 10, 1800, 41);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 70, b: 30 } } })
      .jpeg()
      .toBuffer();
    await addProductPhoto(shop, withPhoto.id, jpeg, 'Box', randomUUID());
    return [
      [withPhoto.id, 2],
      [without.id, 1],
    ];
  },
  { invoiceNumber: '2026-00042', paidAt: new Date('2026-11-20T10:00:00Z') },
);

const text = async (pdf: Buffer) => (await pdfText(pdf)).join('\n');

/** Labels each language's invoice must show (not English). */
const EXPECTED: Record<string, string[]> = {
  ru: ['Счёт', 'Промежуточный итог', 'Итого', 'Дата счёта', 'включая НДС 8.1 %'],
  pl: ['Faktura', 'Suma częściowa', 'Razem', 'Data faktury', 'Cena jedn.'],
  zh: ['发票', '小计', '合计', '发票日期', '单价'],
  ja: ['請求書', '小計', '合計', '請求日'],
  ko: ['청구서', '소계', '합계', '청구일'],
  tr: ['Fatura', 'Ara toplam', 'Toplam', 'Birim fiyat', 'İnd.'],
  vi: ['Hóa đơn', 'Tạm tính', 'Tổng cộng', 'Đơn giá'],
  'pt-BR': ['Fatura', 'Subtotal', 'Preço unitário', 'Frete'],
};

describe('invoice PDF languages', () => {
  for (const [locale, labels] of Object.entries(EXPECTED)) {
    it(`${locale}: labels in the customer's language, names and amounts intact`, async () => {
      const t = await text(await invoicePdf({ ...suite.order, locale }, suite.settings, { withQrBill: false }));
      for (const l of labels) expect(t, `${locale}: ${l}`).toContain(l);
      expect(t).not.toContain('Invoice date');
      expect(t).toContain('Anna Muster');
      expect(t).toContain(suite.order.lines[0].name);
      expect(t).toContain('2026-00042');
    });
  }

  it('ar: Arabic labels, shaped and ordered right to left; Latin names and numbers intact', async () => {
    const pdf = await invoicePdf({ ...suite.order, locale: 'ar' }, suite.settings, { withQrBill: false });
    const t = await text(pdf);
    for (const w of ['فاتورة', 'المجموع الفرعي', 'الكمية', 'الشحن', 'تاريخ الفاتورة']) expect(t, w).toContain(w);
    expect(t).not.toContain('Invoice date');
    expect(t).toContain('Anna Muster');
    expect(t).toContain(suite.order.lines[0].name);
    expect(t).toContain('2026-00042');
    // the Arabic and the Latin font are both embedded (as subsets)
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoNaskhArabic/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
  });

  it('every column heading fits its column on one line, in every left-to-right language', async () => {
    for (const locale of ['en', 'de', 'fr', 'it', 'es', 'id', 'ja', 'ko', 'pl', 'pt-BR', 'ru', 'tr', 'vi', 'zh']) {
      const items = await pdfTextItems(await invoicePdf({ ...suite.order, locale }, suite.settings, { withQrBill: false }));
      const headings = (['sku', 'item', 'qty', 'unitPrice', 'discount', 'amount'] as const).map((k) =>
        textIn(resolveLocale({ stored: locale }), `documents:${k}`),
      );
      const drawn = headings.map((h) => items.find((i) => i.str === h));
      // a heading broken over two lines ("Meng" / "e") is drawn as two pieces, neither equal to it
      expect(
        drawn.map((d, i) => d?.str ?? `missing: ${headings[i]}`),
        locale,
      ).toEqual(headings);
      expect(new Set(drawn.map((d) => Math.round(d!.y))).size, `${locale}: one row`).toBe(1);
    }
  });

  it('de, en, fr stay in their language with the embedded Noto Sans', async () => {
    const de = await text(await invoicePdf({ ...suite.order, locale: 'de' }, suite.settings, { withQrBill: false }));
    expect(de).toContain('Zwischensumme');
    // the catalogue's packaging too ("Single" in data/catalogue.json), as the shop showed it in German
    expect(suite.order.lines.map((l) => l.packaging)).toContain('Single');
    expect(de).toContain('(Einzeln)');
    expect(de).not.toContain('(Single)');
    expect(await text(await invoicePdf({ ...suite.order, locale: 'fr' }, suite.settings, { withQrBill: false }))).toContain('Sous-total');
    const en = await invoicePdf({ ...suite.order, locale: 'en' }, suite.settings, { withQrBill: false });
    expect(await text(en)).toContain('Subtotal');
    expect(en.toString('latin1')).not.toContain('/Helvetica');
  });

  it('the QR-bill invoice is drawn in Chinese too', async () => {
    const t = await text(await invoicePdf({ ...suite.order, locale: 'zh', paidAt: null }, suite.settings, { withQrBill: true }));
    expect(t).toContain('含付款单的发票');
    expect(t).toContain('Receipt');
  });
});

describe('credit note languages', () => {
  const refund = {
    creditNoteNumber: 'G-2026-0001',
    amount: 2500,
    reason: null,
    lines: [] as { lineId: string; sku: string; name: string; count: number }[],
    createdAt: new Date('2026-11-21T10:00:00Z'),
  };
  it('ru, zh, ar, pl', async () => {
    const r = { ...refund, lines: [{ lineId: suite.order.lines[0].id, sku: suite.order.lines[0].sku, name: suite.order.lines[0].name, count: 1 }] };
    expect(await text(await creditNotePdf({ ...suite.order, locale: 'ru' }, r, suite.settings))).toContain('Кредит-нота');
    expect(await text(await creditNotePdf({ ...suite.order, locale: 'zh' }, r, suite.settings))).toContain('贷项通知单');
    expect(await text(await creditNotePdf({ ...suite.order, locale: 'pl' }, r, suite.settings))).toContain('Faktura korygująca');
    const ar = await text(await creditNotePdf({ ...suite.order, locale: 'ar' }, r, suite.settings));
    expect(ar).toContain('دائن');
    expect(ar).toContain(suite.order.lines[0].name);
  });
});

describe('the VAT rate of the documents', () => {
  it("prints the rate the order was invoiced at on its invoice and credit note after the shop's rate has changed", async () => {
    // the order was placed at 8.1 %; the shop has since moved to a (hypothetical) 8.3 %
    const later = { ...suite.settings, vatRateBasisPoints: 830 };
    const r = { creditNoteNumber: 'G-2026-0002', amount: 2500, reason: null, lines: [], createdAt: new Date('2026-11-22T10:00:00Z') };
    for (const pdf of [
      await invoicePdf({ ...suite.order, locale: 'en' }, later, { withQrBill: false }),
      await creditNotePdf({ ...suite.order, locale: 'en' }, r, later),
    ]) {
      const t = await text(pdf);
      expect(t).toMatch(/VAT 8\.1 %/);
      expect(t).not.toContain('8.3 %');
    }
    // the credit note's VAT is contained at 8.1 %: CHF 25.00 holds CHF 1.87
    expect(await text(await creditNotePdf({ ...suite.order, locale: 'en' }, r, later))).toContain('1.87');
  });
});

describe('photos on invoices', () => {
  it('draws the product photo (JPEG) beside its line; lines without a photo get none', async () => {
    const photos = await invoicePhotos(suite.shop, suite.order.lines);
    expect(photos.size).toBe(1);
    const [lineId, bytes] = [...photos][0];
    expect(lineId).toBe(suite.order.lines.find((l) => l.count === 2)!.id);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    const withPhoto = await invoicePdf({ ...suite.order, locale: 'en' }, suite.settings, { withQrBill: false, photos });
    expect((withPhoto.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBe(1);
    const plain = await invoicePdf({ ...suite.order, locale: 'en' }, suite.settings, { withQrBill: false });
    expect(plain.toString('latin1')).not.toContain('/Subtype /Image');
  });
});
