/**
 * The default layout, in the specification's order (section 2): age gate, cookie notice, side
 * cart, navbar, content, snackbar, footer.
 */
import { Outlet, useRouteLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AgeGate } from '../components/AgeGate.tsx';
import { CookieNotice } from '../components/CookieNotice.tsx';
import { Footer } from '../components/Footer.tsx';
import { Navbar } from '../components/Navbar.tsx';
import { SideCart } from '../components/SideCart.tsx';
import { Snackbar } from '../components/Snackbar.tsx';
import { UiStateProvider } from '../components/ui-state.tsx';
import type { RootData } from '../root.tsx';
import { useWithPersonalPart } from '../lib/personal.ts';
import { BodyLimitNotice } from '../components/BodyLimitNotice.tsx';

/** Translation namespaces this route's components use in the browser (app/i18n/page-namespaces.ts). */
export const handle = { i18n: ['cart'] };

export default function DefaultLayout() {
  // on a page from the shared cache, the visitor's own user and cart once loaded (app/lib/personal.ts)
  const data = useWithPersonalPart(useRouteLoaderData('root') as RootData);
  const { t } = useTranslation();
  return (
    <UiStateProvider>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <AgeGate />
      <CookieNotice />
      <SideCart cart={data.cart} />
      <Navbar data={data} />
      <main id="main" tabIndex={-1}>
        <BodyLimitNotice container />
        <Outlet />
      </main>
      <Snackbar />
      <Footer config={data.config} lang={data.lang} year={data.year} />
    </UiStateProvider>
  );
}
