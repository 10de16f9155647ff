/**
 * The admin layout (/admin/*). Admin only, enforced here on the server for every admin page:
 * anonymous visitors go to /login, other roles get 403, and while the shop requires two-factor
 * log-in of every admin, an admin without it goes to /profile to set it up. It also sends the admin namespaces
 * (`ADMIN_NAMESPACES`, which the root loader leaves out of every page) and adds them to the page's
 * i18next instance, so admin texts and titles are translated.
 *
 * Errors of admin pages: a thing that does not exist (an unknown order or user id) is a 404
 * "not found" page; only a refused role is a 403.
 */
import { data, isRouteErrorResponse, Link, NavLink, Outlet, redirect, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/admin';
import { ADMIN_NAMESPACES } from '../../core/i18n/browser.ts';
import { namespaceResources } from '../../core/i18n/index.ts';
import { isEffectiveAdmin } from '../../core/accounts/index.ts';
import { TWO_FACTOR_SETUP } from '../lib/auth.server.ts';
import { BodyLimitNotice } from '../components/BodyLimitNotice.tsx';
import { siteName } from '../lib/meta.ts';

export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.auth) {
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  // the shop requires two-factor log-in of every admin and this one has it off: set it up first
  if (context.auth.twoFactorSetupPending) throw redirect(TWO_FACTOR_SETUP);
  if (!isEffectiveAdmin(context.auth)) throw data({ forbidden: true }, { status: 403 });
  return { role: context.auth.role, lang: context.lang, i18n: namespaceResources(context.lang, ADMIN_NAMESPACES) };
}

/** Adds the admin namespaces sent by the loader to the shared i18next instance (idempotent). */
function useAdminTexts() {
  const layout = useRouteLoaderData<typeof loader>('layouts/admin');
  const { i18n } = useTranslation();
  if (layout) {
    for (const [lng, namespaces] of Object.entries(layout.i18n)) {
      for (const [ns, texts] of Object.entries(namespaces)) {
        if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, texts, true, true);
      }
    }
  }
}

export default function AdminLayout() {
  useAdminTexts();
  const { t } = useTranslation('admin');
  const links: [string, string][] = [
    ['/admin/home', t('nav.home')],
    ['/admin/order/list', t('nav.orders')],
    ['/admin/product/list', t('nav.products')],
    ['/admin/product/photos', t('nav.bulkPhotos')],
    ['/admin/releases', t('nav.releases')],
    ['/admin/promo/list', t('nav.promos')],
    ['/admin/user/list', t('nav.users')],
    ['/admin/audit', t('nav.audit')],
    ['/admin/refunds', t('nav.refunds')],
    ['/admin/vat', t('adminshop:vat.nav')],
    ['/admin/outbox', t('nav.outbox')],
    ['/admin/custombox', t('custombox:admin.title')],
    ['/admin/settings', t('nav.settings')],
  ];
  const { pathname } = useLocation();
  const current = links.find(([to]) => pathname === to) ?? links.find(([to]) => pathname.startsWith(`${to.replace(/\/list$/, '')}/`));
  const items = links.map(([to, label]) => (
    <li key={to}>
      <NavLink to={to}>{label}</NavLink>
    </li>
  ));
  return (
    <>
      <a href="#main" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <header className="site-header admin-header">
        <div className="container navbar admin-bar">
          <Link to="/" className="brand">
            {siteName()} <small>{t('brand')}</small>
          </Link>
          <nav aria-label={t('brand')} className="admin-nav">
            <ul className="admin-links">{items}</ul>
            {/* on a phone the same links behind one "Menu" button (a disclosure: no script needed) */}
            {/* keyed by the page: a followed link closes it (the layout, and so the menu, stays) */}
            <details className="admin-menu" key={pathname}>
              <summary data-testid="admin-menu">
                {t('nav.menu')}
                {current && <span className="admin-menu-current">{current[1]}</span>}
              </summary>
              <ul className="admin-menu-links">{items}</ul>
            </details>
          </nav>
        </div>
      </header>
      <main id="main" className="container admin-main" tabIndex={-1}>
        <BodyLimitNotice />
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  useAdminTexts();
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? t('notFound.title') : status === 403 ? t('errors:forbidden') : t('error.title');
  return (
    <main className="container notfound" id="main" data-testid={status === 404 ? 'not-found' : status === 403 ? 'forbidden' : 'error'}>
      <title>{`${title} · ${siteName()}`}</title>
      <p className="eyebrow">{status}</p>
      <h1>{title}</h1>
      {status === 404 && <p>{t('notFound.text')}</p>}
      {status !== 404 && status !== 403 && <p>{t('error.text')}</p>}
      <p>
        <Link to={status === 404 ? '/admin/home' : '/'} className="btn">
          {status === 404 ? t('admin:nav.home', { defaultValue: t('nav.home') }) : t('nav.home')}
        </Link>
      </p>
    </main>
  );
}
