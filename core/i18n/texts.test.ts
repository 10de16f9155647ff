/**
 * The texts of e-mails and documents (namespaces `mail` and `documents` of the one text store)
 * and the one language decision: every further locale has its own words for the invoice, the
 * credit note and the order mails (not English), with English's placeholders; placeholders are
 * filled; a key a locale lacks is read in English; `resolveLocale` maps requests and stored
 * languages to one locale. (Every key in every locale: app/i18n/catalogues.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { flatten, placeholders, readCatalogue } from './catalogue-check.ts';
import { LOCALES, PICKER_LOCALES, resolveLocale } from './locales.ts';
import { serverI18n } from './resources.ts';
import { textIn, type TextKey } from './texts.ts';

const keysOf = (ns: 'mail' | 'documents', under = '') =>
  [...flatten(readCatalogue('en', ns) ?? {}).keys()].filter((k) => k.startsWith(under)).map((k) => `${ns}:${k}` as TextKey);
/** The invoice and credit-note labels, and the order, shipping and refund mails. */
const KEYS = [...keysOf('documents'), ...keysOf('mail', 'order.'), ...keysOf('mail', 'fulfilment.')];
/** Words these languages write as English does. */
const SAME_AS_EN: Partial<Record<string, string[]>> = {
  id: ['documents:subtotal', 'documents:total', 'documents:item', 'mail:order.subtotal', 'mail:order.total', 'mail:order.countryLI'],
  'pt-BR': ['documents:subtotal', 'documents:total', 'documents:item', 'mail:order.subtotal', 'mail:order.total', 'mail:order.countryLI'],
  // the country's own name, as these languages write it
  pl: ['mail:order.countryLI'],
  vi: ['mail:order.countryLI'],
};
const FURTHER = LOCALES.filter((l) => !(PICKER_LOCALES as readonly string[]).includes(l));

describe('e-mail and document texts', () => {
  it('the documents and the order mails have their keys', () => {
    expect(KEYS).toEqual(expect.arrayContaining(['documents:invoice', 'documents:creditNoteNo', 'mail:order.hello', 'mail:fulfilment.shipped']));
    expect(KEYS.length).toBeGreaterThan(45);
  });

  for (const lng of FURTHER) {
    it(`${lng}: every invoice, credit-note and order-mail text in ${lng} (not English), with English's placeholders`, () => {
      for (const k of KEYS) {
        const text = textIn(lng, k);
        expect(placeholders(text), `${lng} ${k}`).toEqual(placeholders(textIn('en', k)));
        if (k !== 'documents:sku' && !(SAME_AS_EN[lng] ?? []).includes(k)) expect(text, `${lng} ${k}`).not.toBe(textIn('en', k));
      }
    });
  }

  it('fills placeholders, numbers too; a value is not read as a placeholder', () => {
    expect(textIn('ja', 'mail:order.orderReceivedSubject', { code: 'CT-1' })).toBe('ご注文CT-1を承りました');
    expect(textIn('pl', 'documents:vatIncl', { rate: '8.1' })).toBe('W tym VAT 8.1 %');
    expect(textIn('en', 'mail:jobs.lowStock.intro', { name: 'Robusto', sku: 'R-1', stock: 3, threshold: 5 })).toBe(
      'Robusto (SKU R-1) is running low: 3 left, alert threshold 5.',
    );
    expect(textIn('de', 'mail:order.hello', { name: '{{code}} $t(mail:greeting) <b>' })).toBe('Guten Tag {{code}} $t(mail:greeting) <b>,');
  });

  it('reads a key a locale lacks in English', () => {
    // a namespace of this test only, so the shared instances' texts stay as they are
    serverI18n('en').addResource('en', 'texts-test', 'onlyEnglish', 'Only in English');
    expect(serverI18n('ja').t('texts-test:onlyEnglish')).toBe('Only in English');
  });
});

describe('resolveLocale', () => {
  it('maps stored languages: pt and pt-BR to pt-BR, regions to their language, unknown to English', () => {
    expect(resolveLocale({ stored: 'pt-BR' })).toBe('pt-BR');
    expect(resolveLocale({ stored: 'pt' })).toBe('pt-BR');
    expect(resolveLocale({ stored: 'de-CH' })).toBe('de');
    expect(resolveLocale({ stored: 'zh-Hans' })).toBe('zh');
    expect(resolveLocale({ stored: 'xx' })).toBe('en');
    expect(resolveLocale({})).toBe('en');
  });

  it('takes ?lang=, then the cookie, then the stored language, then Accept-Language by q-value', () => {
    const all = { query: 'fr', cookie: 'it', stored: 'es', acceptLanguage: 'de' };
    expect(resolveLocale(all)).toBe('fr');
    expect(resolveLocale({ ...all, query: 'xx' })).toBe('it');
    expect(resolveLocale({ ...all, query: null, cookie: undefined })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'de' })).toBe('de');
    expect(resolveLocale({ acceptLanguage: 'xx, ja;q=0.5, ko;q=0.8' })).toBe('ko');
    expect(resolveLocale({ acceptLanguage: 'fr;q=0, xx' })).toBe('en');
  });
});
