/** Invoice and order-mail labels in the further locales (issue 10), and which languages a PDF can be drawn in. */
import { describe, expect, it } from 'vitest';
import { docLang, label, pdfLang, type LabelKey } from './labels.ts';

const KEYS: LabelKey[] = ['invoice', 'paymentSlip', 'invoiceNo', 'invoiceDate', 'orderCode', 'orderDate', 'buyer', 'sku', 'item', 'qty', 'unitPrice', 'discount', 'amount', 'subtotal', 'promo', 'shipping', 'total', 'vatIncl', 'net', 'vatNo', 'paid', 'payBy', 'currencyNote', 'orderReceivedSubject', 'paymentReceivedSubject', 'hello', 'orderReceived', 'bankTransfer', 'paymentReceived', 'follow', 'regards'];
const params = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe('document labels', () => {
  for (const lng of ['ar', 'id', 'ja', 'ko', 'pl'] as const) {
    it(`${lng}: every label in ${lng} (not English), with English's placeholders`, () => {
      expect(docLang(lng)).toBe(lng);
      for (const k of KEYS) {
        const text = label(lng, k);
        expect(params(text), `${lng} ${k}`).toEqual(params(label('en', k)));
        if (k !== 'sku' && !(lng === 'id' && ['subtotal', 'total', 'item'].includes(k))) expect(text, `${lng} ${k}`).not.toBe(label('en', k));
      }
    });
  }

  it('fills placeholders', () => {
    expect(label('ja', 'orderReceivedSubject', { code: 'CT-1' })).toBe('ご注文CT-1を承りました');
    expect(label('pl', 'vatIncl', { rate: '8.1' })).toBe('W tym VAT 8.1 %');
  });

  it('a PDF is in the customer’s language when the standard fonts can write it, else in English', () => {
    for (const l of ['en', 'de', 'fr', 'it', 'es', 'id']) expect(pdfLang(l)).toBe(l);
    for (const l of ['ar', 'ja', 'ko', 'pl']) expect(pdfLang(l)).toBe('en');
    expect(docLang('xx')).toBe('en');
  });
});
