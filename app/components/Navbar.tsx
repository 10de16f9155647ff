/**
 * The navbar (specification section 2): delivery banner, links home/products/contact, live
 * search, cart icon with item count.
 */
import { NavLink, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RootData } from '../root.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useUiState } from './ui-state.tsx';

export function Navbar({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const { setSideCartOpen } = useUiState();
  return (
    <header className="site-header">
      {data.config.shop_closed && <div className="banner banner-closed">{t('banner.closed')}</div>}
      <div className="banner banner-delivery">{t('banner.delivery')}</div>
      <div className="container navbar">
        <Link to="/" className="brand">
          Casa del Tabaco
          <small>{t('brandTagline')}</small>
        </Link>
        <nav aria-label={t('nav.main')}>
          <ul className="nav-links">
            <li>
              <NavLink to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/client/products">{t('nav.products')}</NavLink>
            </li>
            <li>
              <NavLink to="/contact">{t('nav.contact')}</NavLink>
            </li>
          </ul>
        </nav>
        <div className="nav-actions">
          <SearchBox />
          <Link to="/shopcart" className="icon-btn" aria-label={t('nav.cart', { count: data.cart.itemCount })} onClick={(e) => {
            e.preventDefault();
            setSideCartOpen(true);
          }} data-testid="cart-icon">
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              <circle cx="10" cy="20" r="1.4" fill="currentColor" />
              <circle cx="17" cy="20" r="1.4" fill="currentColor" />
            </svg>
            {data.cart.itemCount > 0 && <span className="badge" data-testid="cart-count">{data.cart.itemCount}</span>}
          </Link>
        </div>
      </div>
    </header>
  );
}
