/** The 404 layout: a calm page with the brand and a way back, no shop chrome. */
import { Link, Outlet, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';
import { siteName } from '../lib/meta.ts';
import { useTranslation } from 'react-i18next';

export default function NotFoundLayout() {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <>
      <header className="site-header">
        <div className="container navbar">
          <Link to="/" className="brand">
            {root?.config.brand.name ?? siteName()}
            <small>{t('brandTagline')}</small>
          </Link>
        </div>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
