import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES, renderLinkMail } from './templates.ts';
import en from './locales/en.json';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('mail templates', () => {
  it('has every text in every picker language', async () => {
    for (const lng of MAIL_LOCALES) {
      const t = (await import(`./locales/${lng}.json`)).default;
      expect(keys(t).sort(), lng).toEqual(keys(en).sort());
    }
  });
  it('renders text and HTML with the link, escaping data in HTML', () => {
    const m = renderLinkMail('confirm', 'de', { to: 'a@b.ch', name: '<Ana>', shop: 'Casa', link: 'https://shop.ch/confirm/abc' });
    expect(m.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(m.text).toContain('https://shop.ch/confirm/abc');
    expect(m.text).toContain('<Ana>');
    expect(m.html).toContain('&lt;Ana&gt;');
    expect(m.html).not.toContain('<Ana>');
    expect(m.html).toContain('href="https://shop.ch/confirm/abc"');
  });
  it('falls back to English', () => {
    expect(renderLinkMail('reset', 'ja', { to: 'a@b.ch', name: 'A', shop: 'S', link: 'x' }).subject).toBe('Reset your password');
  });
});
