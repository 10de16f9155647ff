/** Invoice and order-mail labels in the further locales, and which languages a PDF can be drawn in. */
import { describe, expect, it } from 'vitest';
import { fulfilmentLabel, type FulfilmentLabel } from './fulfilment-labels.ts';
import { docLang, label, type LabelKey } from './labels.ts';

const KEYS: LabelKey[] = [
  'invoice',
  'paymentSlip',
  'invoiceNo',
  'invoiceDate',
  'orderCode',
  'orderDate',
  'buyer',
  'sku',
  'item',
  'qty',
  'unitPrice',
  'discount',
  'amount',
  'subtotal',
  'promo',
  'shipping',
  'total',
  'vatIncl',
  'net',
  'vatNo',
  'paid',
  'payBy',
  'currencyNote',
  'orderReceivedSubject',
  'paymentReceivedSubject',
  'hello',
  'orderReceived',
  'bankTransfer',
  'paymentReceived',
  'follow',
  'regards',
  'bonus',
];
const FKEYS: FulfilmentLabel[] = [
  'shippedSubject',
  'shipped',
  'trackHere',
  'refundSubject',
  'refund',
  'refundCard',
  'refundBank',
  'creditNote',
  'creditNoteNo',
  'creditNoteDate',
  'invoiceRef',
  'refunded',
  'reason',
  'shippingAndOther',
];
const SAME_AS_EN: Partial<Record<string, string[]>> = { id: ['subtotal', 'total', 'item'], pt: ['subtotal', 'total', 'item'], tr: [], vi: [], ru: [], zh: [] };
const params = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe('document labels', () => {
  for (const lng of ['ar', 'id', 'ja', 'ko', 'pl', 'pt', 'ru', 'tr', 'vi', 'zh'] as const) {
    it(`${lng}: every label in ${lng} (not English), with English's placeholders`, () => {
      expect(docLang(lng)).toBe(lng);
      for (const k of KEYS) {
        const text = label(lng, k);
        expect(params(text), `${lng} ${k}`).toEqual(params(label('en', k)));
        if (k !== 'sku' && !(SAME_AS_EN[lng] ?? []).includes(k)) expect(text, `${lng} ${k}`).not.toBe(label('en', k));
      }
      for (const k of FKEYS) {
        const text = fulfilmentLabel(lng, k);
        expect(params(text), `${lng} ${k}`).toEqual(params(fulfilmentLabel('en', k)));
        expect(text, `${lng} ${k}`).not.toBe(fulfilmentLabel('en', k));
      }
    });
  }

  it('fills placeholders', () => {
    expect(label('ja', 'orderReceivedSubject', { code: 'CT-1' })).toBe('ご注文CT-1を承りました');
    expect(label('pl', 'vatIncl', { rate: '8.1' })).toBe('W tym VAT 8.1 %');
  });

  it('maps locales to document languages', () => {
    expect(docLang('pt-BR')).toBe('pt');
    expect(docLang('de-CH')).toBe('de');
    expect(docLang('xx')).toBe('en');
  });
});
