/**
 * The navbar for each kind of visitor (docs/product.md §2 and §6), rendered on the server
 * as the first HTML a browser receives: anonymous visitors get a login link; signed-in users a
 * menu button; only Admin gets the admin tools icon; the shop-closed banner appears only when
 * `shop_closed` is set; the cart icon carries the item count.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { configurationJson } from '../../core/config/browser.ts';
import { DEFAULT_SETTINGS } from '../../core/config/settings.ts';
import { serverI18n } from '../../core/i18n/resources.ts';
import type { RootData } from '../root.tsx';
import { MobileMenuLinks } from './MobileMenu.tsx';
import { Navbar } from './Navbar.tsx';
import { UiStateProvider } from './ui-state.tsx';

const i18n = serverI18n('en');

function render(overrides: Partial<RootData> & { shopClosed?: boolean } = {}): string {
  const data = {
    lang: 'en',
    dir: 'ltr',
    theme: null,
    i18n: { lang: 'en', urls: {} },
    config: { ...configurationJson(DEFAULT_SETTINGS), shop_closed: overrides.shopClosed ?? false },
    cart: { lines: [], itemCount: 0, subtotal: 0, promoDiscount: 0, orderPrice: 0 },
    user: null,
    origin: 'http://shop.test',
    ...overrides,
  } as unknown as RootData;
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => createElement(I18nextProvider, { i18n }, createElement(UiStateProvider, null, createElement(Navbar, { data }))),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ['/'] }));
}

describe('navbar', () => {
  it('anonymous: login link, no account menu, no admin icon; the three banners and links', () => {
    const html = render();
    expect(html).toContain('data-testid="login-link"');
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('data-testid="user-menu-trigger"');
    expect(html).not.toContain('data-testid="admin-icon"');
    expect(html).toContain('We deliver in Switzerland only.');
    expect(html.replace(/\u00a0/g, ' ')).toContain('Free delivery in Switzerland from CHF 150.00');
    expect(html).not.toContain('Store temporarily closed');
    for (const href of ['/', '/client/products', '/contact']) expect(html).toContain(`href="${href}"`);
  });

  it('customer and influencer: the account menu, still no admin icon', () => {
    for (const role of ['Customer', 'Influencer']) {
      const html = render({ user: { userId: 'u1', role } as RootData['user'] });
      expect(html).toContain('data-testid="user-menu-trigger"');
      expect(html).not.toContain('data-testid="login-link"');
      expect(html).not.toContain('data-testid="admin-icon"');
    }
  });

  it('admin: the admin tools icon links to /admin/home', () => {
    const html = render({ user: { userId: 'a1', role: 'Admin' } as RootData['user'] });
    expect(html).toMatch(/href="\/admin\/home"[^>]*data-testid="admin-icon"|data-testid="admin-icon"[^>]*href="\/admin\/home"/);
  });

  it("works before the page's scripts: the menu button opens the rendered menu dialog, search and languages are <details>, the cart icon is a link", () => {
    const html = render({ user: { userId: 'u1', role: 'Customer' } as RootData['user'] });
    const trigger = html.match(/<button[^>]*data-testid="mobile-menu-trigger"[^>]*>/)?.[0] ?? '';
    expect(trigger).toContain('command="show-modal"');
    const target = trigger.match(/commandfor="([^"]+)"/)?.[1];
    expect(target).toBeTruthy();
    const at = html.indexOf(`id="${target}"`);
    expect(html.lastIndexOf('<', at)).toBe(html.lastIndexOf('<dialog', at));
    const dialog = html.slice(at, html.indexOf('</dialog>', at));
    // the menu's content is in the page while it is closed: its links, languages and theme toggle
    for (const href of ['/', '/client/products', '/contact', '/about', '/profile', '/client/history']) expect(dialog).toContain(`href="${href}"`);
    expect(dialog).toMatch(/<button[^>]*command="close"[^>]*commandfor="[^"]+"/);
    expect(dialog).toMatch(/<button type="submit" value="de"[^>]*name="lang"/);
    expect(dialog).toContain('data-testid="mobile-theme-toggle"');
    expect(html).toMatch(/<details class="search"[^>]*><summary[^>]*data-testid="search-toggle"/);
    expect(html).toMatch(/<form role="search" action="\/client\/products" method="get"/);
    expect(html).toMatch(/<details class="menu-wrap"[^>]*><summary[^>]*data-testid="language-trigger"/);
    expect(html).toMatch(/<details class="menu-wrap"[^>]*><summary[^>]*data-testid="user-menu-trigger"/);
    expect(html.match(/<a[^>]*data-testid="cart-icon"[^>]*>/)?.[0]).toContain('href="/shopcart"');
  });

  it('shows the closed banner when shop_closed is set, and the cart count', () => {
    const html = render({ shopClosed: true, cart: { lines: [], itemCount: 3, subtotal: 0, promoDiscount: 0, orderPrice: 0 } as unknown as RootData['cart'] });
    expect(html).toContain('Store temporarily closed, under construction.');
    expect(html).toContain('aria-label="Cart, 3 items"');
    expect(html).toMatch(/data-testid="cart-count"[^>]*>3</);
  });
});

function renderMobileLinks(user: RootData['user']): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => createElement(I18nextProvider, { i18n }, createElement(MobileMenuLinks, { user })) }]);
  return renderToString(createElement(Stub, { initialEntries: ['/'] }));
}

describe('mobile menu links', () => {
  it('anonymous: the pages and a login link, no Admin link', () => {
    const html = renderMobileLinks(null);
    for (const href of ['/', '/client/products', '/contact', '/login']) expect(html).toContain(`href="${href}"`);
    expect(html).not.toContain('/admin/home');
    expect(html).not.toContain('action="/logout"');
  });

  it('customer: profile, history and log out; no influencer profile, no Admin link', () => {
    const html = renderMobileLinks({ userId: 'u1', role: 'Customer' } as RootData['user']);
    expect(html).toContain('href="/profile"');
    expect(html).toContain('href="/client/history"');
    expect(html).toContain('action="/logout"');
    expect(html).not.toContain('href="/client/influencer"');
    expect(html).not.toContain('/admin/home');
  });

  it('influencer: the influencer profile, still no Admin link', () => {
    const html = renderMobileLinks({ userId: 'u2', role: 'Influencer' } as RootData['user']);
    expect(html).toContain('href="/client/influencer"');
    expect(html).not.toContain('/admin/home');
  });

  it('admin: the Admin link and the influencer profile', () => {
    const html = renderMobileLinks({ userId: 'a1', role: 'Admin' } as RootData['user']);
    expect(html).toMatch(/href="\/admin\/home"[^>]*>Admin</);
    expect(html).toContain('href="/client/influencer"');
  });
});
