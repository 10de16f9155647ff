import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES, mailTexts, renderLinkMail } from './templates.ts';
import en from '../i18n/locales/en/mail.json';

function entries(o: object, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
}
const keys = (o: object) =>
  entries(o)
    .map(([k]) => k)
    .sort();
const params = (s: string) => [...s.matchAll(/\{\{\w+\}\}/g)].map((m) => m[0]).sort();

/** Every locale of the shop (app/i18n/locales.ts): a customer's mails come in the language they chose. */
const SHOP_LOCALES = ['en', 'de', 'fr', 'it', 'es', 'ar', 'id', 'ja', 'ko', 'pl', 'pt-BR', 'ru', 'tr', 'vi', 'zh'];

describe('mail templates', () => {
  it('has every text in every mail language, with the same placeholders as English', async () => {
    for (const lng of MAIL_LOCALES) {
      const t = (await import(`../i18n/locales/${lng === 'pt' ? 'pt-BR' : lng}/mail.json`)).default;
      expect(keys(t), lng).toEqual(keys(en));
      const enTexts = new Map(entries(en));
      for (const [k, v] of entries(t)) {
        expect(v.trim(), `${lng} ${k}`).not.toBe('');
        expect(params(v), `${lng} ${k}`).toEqual(params(enTexts.get(k)!));
      }
    }
  });
  for (const lng of SHOP_LOCALES.filter((l) => l !== 'en')) {
    it(`${lng}: mails in ${lng}, not English`, () => {
      expect(mailTexts(lng).reset.subject).not.toBe(en.reset.subject);
    });
  }
  it('renders text and HTML with the link, escaping data in HTML', () => {
    const m = renderLinkMail('confirm', 'de', { to: 'a@b.ch', name: '<Ana>', shop: 'Casa', link: 'https://shop.ch/confirm/abc' });
    expect(m.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(m.text).toContain('https://shop.ch/confirm/abc');
    expect(m.text).toContain('<Ana>');
    expect(m.html).toContain('&lt;Ana&gt;');
    expect(m.html).not.toContain('<Ana>');
    expect(m.html).toContain('href="https://shop.ch/confirm/abc"');
    expect(m.html).toContain('dir="ltr"');
  });
  it('writes Japanese and Arabic mails in their language, Arabic right to left', () => {
    const ja = renderLinkMail('reset', 'ja', { to: 'a@b.ch', name: '佐藤', shop: 'Casa', link: 'x' });
    expect(ja.subject).toBe('パスワードの再設定');
    expect(ja.text.startsWith('佐藤様')).toBe(true);
    const ar = renderLinkMail('confirm', 'ar', { to: 'a@b.ch', name: 'ليلى', shop: 'Casa', link: 'x' });
    expect(ar.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.text).toContain('مرحبًا ليلى');
  });
  it('falls back to English for a language without mail texts', () => {
    expect(renderLinkMail('reset', 'xx', { to: 'a@b.ch', name: 'A', shop: 'S', link: 'x' }).subject).toBe('Reset your password');
  });
});
