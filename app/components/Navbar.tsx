/**
 * The navbar (docs/product.md §2): the shop-closed banner, the promotional banner, the
 * Switzerland-only banner; links home/products/contact; the language picker; the live search;
 * the dark-mode toggle; the admin tools icon (Admin only); the user icon or menu; the cart icon
 * with item count (opens the side cart); and, on narrow screens, the mobile menu.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RootData } from '../root.tsx';
import { BrandMark } from './BrandMark.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { PromoBanner } from './PromoBanner.tsx';
import { promoTextFor } from '../../core/config/browser.ts';
import { SearchBox } from './SearchBox.tsx';
import { LinkItems, SITE_PAGES } from './SiteLinks.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useUiState } from './ui-state.tsx';
import { UserMenu } from './UserMenu.tsx';
import { LineIcon } from './LineIcon.tsx';

/** The admin tools icon, a link to the admin home (Admin only; docs/product.md §2). */
function AdminToolsLink({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/admin/home" className="icon-btn nav-desktop" aria-label={t('nav.adminTools')} title={t('nav.adminTools')} data-testid={testId}>
      <LineIcon weight={1.6}>
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3.5 17.5a1.8 1.8 0 0 0 2.5 2.5l5.8-5.8a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.3-.4-.4-2.3z" />
      </LineIcon>
    </Link>
  );
}

export function Navbar({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const { setSideCartOpen } = useUiState();
  return (
    <header className="site-header">
      {data.config.shop_closed && (
        <div className="banner banner-closed" role="status" data-testid="closed-banner">
          {t('banner.closed')}
        </div>
      )}
      <PromoBanner
        text={promoTextFor(data.config.promotionalInfo, data.lang)}
        freeFrom={Math.round(data.config.freeShippingThreshold * 100)}
        liechtenstein={data.config.deliverLiechtenstein}
      />
      <div className="banner banner-delivery" data-testid="delivery-banner">
        <svg width="14" height="14" viewBox="0 0 32 32" aria-hidden="true" className="swiss-flag">
          <rect width="32" height="32" rx="4" fill="#d52b1e" />
          <path d="M13 6h6v7h7v6h-7v7h-6v-7H6v-6h7z" fill="#fff" />
        </svg>
        {t('banner.delivery', { context: data.config.deliverLiechtenstein ? 'li' : undefined })}
      </div>
      <div className="container navbar">
        <MobileMenu data={data} />
        <Link to="/" className="brand">
          <BrandMark brand={data.config.brand} />
          <small>{t('brandTagline')}</small>
        </Link>
        <nav aria-label={t('nav.main')} className="nav-main">
          <ul className="nav-links">
            <LinkItems links={SITE_PAGES.slice(0, 3)} current />
          </ul>
        </nav>
        <div className="nav-actions">
          <SearchBox />
          <span className="nav-desktop">
            <LanguagePicker lang={data.lang} />
          </span>
          <span className="nav-desktop">
            <ThemeToggle theme={data.theme} />
          </span>
          {data.user?.role === 'Admin' ? (
            <AdminToolsLink testId="admin-icon" />
          ) : (
            // a page from the shared cache: shown only when this browser's last known view was an
            // Admin's (app/lib/personal.ts PERSONAL_VIEW_EARLY_SCRIPT), until the personal part arrives
            !data.personal && (
              <span className="admin-hint">
                <AdminToolsLink testId="admin-icon-hint" />
              </span>
            )
          )}
          <span className="nav-desktop">
            <UserMenu user={data.user} />
          </span>
          <Link
            to="/shopcart"
            className="icon-btn"
            aria-label={t('nav.cart', { count: data.cart.itemCount })}
            onClick={(e) => {
              e.preventDefault();
              setSideCartOpen(true);
            }}
            data-testid="cart-icon"
          >
            <LineIcon size={22} weight={1.8}>
              <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6.2" />
              <circle cx="10" cy="20" r="1.4" fill="currentColor" stroke="none" />
              <circle cx="17" cy="20" r="1.4" fill="currentColor" stroke="none" />
            </LineIcon>
            {data.cart.itemCount > 0 ? (
              <span className="badge" data-testid="cart-count">
                {data.cart.itemCount}
              </span>
            ) : (
              // a page from the shared cache: the last known count, drawn by CSS until the personal part arrives
              !data.personal && <span className="badge badge-hint" aria-hidden="true" data-testid="cart-count-hint" />
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}
