/** One same-origin check, tested with the usual open-redirect bypasses. */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps paths on this shop', () => {
    expect(safeRedirect('/client/history')).toBe('/client/history');
    expect(safeRedirect('/productdetail?id=abc&lang=de#top')).toBe('/productdetail?id=abc&lang=de#top');
    expect(safeRedirect('/shopcart', '/x')).toBe('/shopcart');
  });

  const bypasses = [
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/%09/evil.example'.replace('%09', '\t'),
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example'.replace(' ', '\u0000'),
    'https://evil.example',
    'http:evil.example',
    '//evil.example/%2f..',
    'javascript:alert(1)',
    ' /evil',
    '',
    'evil.example',
    '/.//evil.example',
    '/..//evil.example',
  ];
  it.each(bypasses)('refuses %j', (to) => {
    const out = safeRedirect(to, '/fallback');
    expect(out === '/fallback' || new URL(out, 'https://shop.example.ch').origin === 'https://shop.example.ch').toBe(true);
    // and never something a browser reads as another host
    expect(out.startsWith('//')).toBe(false);
    expect(/[\\\t\n\r]/.test(out)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined, '/shopcart')).toBe('/shopcart');
  });
});
