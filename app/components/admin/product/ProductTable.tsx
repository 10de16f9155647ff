/** The admin's product list as a table: photo, SKU (to the product's page), name and brand, category, price, stock (marked at or below its threshold), status. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { unitPrice } from '../../../../core/pricing/browser.ts';
import { DataTable, type DataTableProps } from '../../DataTable.tsx';
import { ProductPicture } from '../../ProductPicture.tsx';
import { useFormat } from '../../../lib/format.ts';

/** A product row; prices in Rappen. */
export type ProductRow = {
  id: string;
  sku: string;
  name: string;
  brand: string;
  category: string;
  basePrice: number;
  discountPercent: number;
  stock: number;
  lowStockThreshold: number;
  active: boolean;
  popular: boolean;
  promotional: boolean;
  images: Parameters<typeof ProductPicture>[0]['product']['images'];
};

export function ProductTable({ products, pager }: { products: ProductRow[]; pager: DataTableProps<ProductRow>['pager'] }) {
  const { t } = useTranslation('adminshop');
  const { price } = useFormat();
  return (
    <DataTable
      rows={products}
      rowKey={(p) => p.id}
      className="admin-table admin-products"
      testId="admin-products"
      wrapClassName="admin-table-wrap"
      empty={<p className="empty">{t('products.none')}</p>}
      pager={pager}
      columns={[
        {
          key: 'photo',
          header: <span className="visually-hidden">{t('products.photo')}</span>,
          cell: (p) => <ProductPicture product={p} sizes="64px" width={64} height={48} loading="lazy" />,
          cellClassName: 'admin-thumb',
        },
        {
          key: 'sku',
          header: t('product.sku'),
          cell: (p) => <Link to={`/admin/product/add?id=${encodeURIComponent(p.id)}`}>{p.sku}</Link>,
          cellClassName: 'nowrap',
        },
        {
          key: 'name',
          header: t('product.name'),
          cell: (p) => (
            <>
              {p.name}
              <span className="card-meta admin-block">{p.brand}</span>
            </>
          ),
          cellClassName: 'admin-wrap',
        },
        { key: 'category', header: t('product.category'), cell: (p) => t(`category.${p.category}`), className: 'hide-sm' },
        {
          key: 'price',
          header: t('products.price'),
          cell: (p) => (
            <>
              {price(unitPrice(p.basePrice, p.discountPercent))}
              {p.discountPercent > 0 && <span className="card-meta admin-block">−{p.discountPercent} %</span>}
            </>
          ),
          className: 'num',
        },
        {
          key: 'stock',
          header: t('products.stock'),
          cell: (p) => p.stock,
          className: 'num',
          cellClassName: (p) => `num${p.stock <= p.lowStockThreshold ? ' stock-low' : ''}`,
        },
        {
          key: 'status',
          header: t('products.status'),
          cell: (p) =>
            [p.active ? t('products.listed') : t('products.archived'), p.popular ? t('product.popular') : null, p.promotional ? t('product.promotional') : null]
              .filter(Boolean)
              .join(', '),
          className: 'hide-sm',
        },
      ]}
    />
  );
}
