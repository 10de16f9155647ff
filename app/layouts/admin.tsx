/**
 * The admin layout (/admin/*). Admin only, enforced here on the server for every admin page:
 * anonymous visitors go to /login, other roles get 403.
 */
import { data, Link, NavLink, Outlet, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/admin';
import { adminShopResources } from '../i18n/resources.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.auth) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (context.auth.role !== 'Admin') throw data({ forbidden: true }, { status: 403 });
  return { role: context.auth.role, adminshop: adminShopResources(context.lang) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('admin');
  // the admin's own texts (namespace `adminshop`) are not sent with shop pages: add them here
  for (const [lng, bundle] of Object.entries(loaderData.adminshop)) if (!i18n.hasResourceBundle(lng, 'adminshop')) i18n.addResourceBundle(lng, 'adminshop', bundle, true, false);
  const links: [string, string][] = [
    ['/admin/home', t('nav.home', { defaultValue: 'Dashboard' })],
    ['/admin/order/list', t('nav.orders', { defaultValue: 'Orders' })],
    ['/admin/product/list', t('nav.products', { defaultValue: 'Products' })],
    ['/admin/promo/list', t('nav.promos', { defaultValue: 'Promos' })],
    ['/admin/user/list', t('nav.users', { defaultValue: 'Users' })],
    ['/admin/outbox', t('nav.outbox', { defaultValue: 'Outbox' })],
    ['/admin/settings', t('nav.settings', { defaultValue: 'Settings' })],
  ];
  return (
    <>
      <a href="#main" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <header className="site-header admin-header">
        <div className="container navbar admin-bar">
          <Link to="/" className="brand">
            Casa del Tabaco <small>Admin</small>
          </Link>
          <nav aria-label="Admin" className="admin-nav">
            <ul className="admin-links">
              {links.map(([to, label]) => (
                <li key={to}>
                  <NavLink to={to}>{label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="container admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <main className="container notfound" id="main">
      <p className="eyebrow">403</p>
      <h1>{t('errors:forbidden')}</h1>
      <p>
        <Link to="/" className="btn">
          {t('nav.home')}
        </Link>
      </p>
    </main>
  );
}
