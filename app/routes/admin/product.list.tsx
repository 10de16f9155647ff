/** Admin product list (/admin/product/list): every product, inactive included, with stock and price. */
import { Form, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/product.list';
import { adminListProducts } from '../../../core/catalogue/admin.ts';
import { unitPrice } from '../../../core/pricing/pricing.ts';
import { useFormat } from '../../lib/format.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const q = new URL(request.url).searchParams.get('q')?.slice(0, 100) ?? '';
  const rows = await adminListProducts(context.shop.db, q);
  return {
    q,
    products: rows.map((p) => ({ id: p.id, sku: p.sku, name: p.name, brand: p.brand, category: p.category, basePrice: p.basePrice, discountPercent: p.discountPercent, stock: p.stock, active: p.active, popular: p.popular, promotional: p.promotional })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.products');

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { price } = useFormat();
  return (
    <div>
      <div className="section-head">
        <h1>{t('products.title')}</h1>
        <Link to="/admin/product/add" className="btn">
          {t('products.add')}
        </Link>
      </div>
      <Form method="get" className="toolbar" role="search">
        <div className="field">
          <label htmlFor="q">{t('products.search')}</label>
          <input id="q" name="q" type="search" defaultValue={loaderData.q} />
        </div>
        <button type="submit" className="btn btn-small">
          {t('products.searchButton')}
        </button>
      </Form>
      {loaderData.products.length === 0 ? (
        <p className="empty">{t('products.none')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">{t('products.name')}</th>
                <th scope="col">{t('products.category')}</th>
                <th scope="col" className="num">{t('products.price')}</th>
                <th scope="col" className="num">{t('products.discount')}</th>
                <th scope="col" className="num">{t('products.stock')}</th>
                <th scope="col">{t('products.status')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.products.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/admin/product/add?id=${encodeURIComponent(p.id)}`}>{p.sku}</Link>
                  </td>
                  <td>{p.name}</td>
                  <td>{p.category}</td>
                  <td className="num">{price(unitPrice(p.basePrice, p.discountPercent))}</td>
                  <td className="num">{p.discountPercent ? `${p.discountPercent} %` : '—'}</td>
                  <td className="num" style={p.stock === 0 ? { color: 'var(--danger)', fontWeight: 600 } : undefined}>
                    {p.stock}
                  </td>
                  <td>{[p.active ? t('products.active') : t('products.inactive'), p.popular ? t('products.popular') : null, p.promotional ? t('products.promotional') : null].filter(Boolean).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
