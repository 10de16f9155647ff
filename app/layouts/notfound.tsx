/** The 404 layout: a calm page with the brand and a way back, no shop chrome. */
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className="site-header">
        <div className="container navbar">
          <Link to="/" className="brand">
            Casa del Tabaco
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
