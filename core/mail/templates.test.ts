/**
 * The account mails (confirmation, reset, account exists, password changed) in the user's
 * language. Their texts are namespace `mail` of the one text store; that every locale has every
 * key with English's placeholders is app/i18n/catalogues.test.ts's check.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, resolveLocale } from '../i18n/locales.ts';
import { textIn } from '../i18n/texts.ts';
import { renderLinkMail } from './templates.ts';

describe('mail templates', () => {
  for (const lng of LOCALES.filter((l) => l !== 'en')) {
    it(`${lng}: mails in ${lng}, not English`, () => {
      expect(textIn(lng, 'mail:reset.subject')).not.toBe(textIn('en', 'mail:reset.subject'));
      expect(renderLinkMail('confirm', lng, { to: 'a@b.ch', name: 'A', shop: 'S', link: 'x' }).subject).toBe(textIn(lng, 'mail:confirm.subject'));
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
  it('writes in English to a user whose stored language the shop does not have', () => {
    expect(renderLinkMail('reset', resolveLocale({ stored: 'xx' }), { to: 'a@b.ch', name: 'A', shop: 'S', link: 'x' }).subject).toBe('Reset your password');
  });
});
