/** The not-found content ("not found", docs/product.md §8) with links back. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="container notfound" data-testid="not-found">
      <p className="eyebrow">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center' }}>
        <Link to="/" className="btn">
          {t('nav.home')}
        </Link>
        <Link to="/client/products" className="btn btn-ghost">
          {t('nav.products')}
        </Link>
      </p>
    </div>
  );
}
