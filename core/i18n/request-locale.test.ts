/**
 * `requestLocale`, the one decision of a request's language (pages, resources, the API, the
 * page-cache front door): `?lang=` before the `lang` cookie before `Accept-Language` before
 * English; an unknown value at one step passes to the next; the URL may be absolute or a path.
 * And `storedLocale`, the language of a stored record.
 */
import { describe, expect, it } from 'vitest';
import { requestLocale, storedLocale } from './locales.ts';

describe('requestLocale', () => {
  const all = { url: '/cart?lang=fr', langCookie: 'de', acceptLanguage: 'it-CH, it;q=0.9' };

  it('takes ?lang= first, then the lang cookie, then Accept-Language, then English', () => {
    expect(requestLocale(all)).toBe('fr');
    expect(requestLocale({ ...all, url: '/cart' })).toBe('de');
    expect(requestLocale({ ...all, url: '/cart', langCookie: undefined })).toBe('it');
    expect(requestLocale({ url: '/cart' })).toBe('en');
    expect(requestLocale({ url: '/cart', langCookie: null, acceptLanguage: null })).toBe('en');
  });

  it('passes an unknown value on to the next source', () => {
    expect(requestLocale({ ...all, url: '/cart?lang=xx' })).toBe('de');
    expect(requestLocale({ ...all, url: '/', langCookie: 'xx' })).toBe('it');
    expect(requestLocale({ url: '/?lang=', langCookie: '', acceptLanguage: 'xx, ko;q=0.5' })).toBe('ko');
  });

  it('reads the same language from an absolute URL and from a path with its query', () => {
    for (const q of ['?lang=pt-br', '?q=x&lang=ar', '?slang=de', '?lang=de#top', '']) {
      const inputs = { langCookie: 'ja', acceptLanguage: 'es' };
      expect(requestLocale({ ...inputs, url: `/products${q}` })).toBe(requestLocale({ ...inputs, url: `https://shop.example/products${q}` }));
    }
    expect(requestLocale({ url: '/?q=x&lang=ar' })).toBe('ar');
    expect(requestLocale({ url: '/?slang=de' })).toBe('en');
    expect(requestLocale({ url: '/?lang=de#top' })).toBe('de');
  });
});

describe('storedLocale', () => {
  it('matches a stored tag to a locale, English when unknown or missing', () => {
    expect(storedLocale('de-CH')).toBe('de');
    expect(storedLocale('pt')).toBe('pt-BR');
    expect(storedLocale('xx')).toBe('en');
    expect(storedLocale(null)).toBe('en');
    expect(storedLocale(undefined)).toBe('en');
  });
});
