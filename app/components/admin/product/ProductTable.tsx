/**
 * The admin's product list as a table: with `selectable`, a checkbox per row (`name="id"`, for the
 * bulk form around the table) and one in the header that ticks or clears the page's boxes (with
 * JavaScript; without it the bulk bar's "all on this page" does the same); photo, SKU (to the
 * product's page), name and brand, category, price, stock (marked at or below its threshold), status.
 */
import type { ChangeEvent } from 'react';
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

/** Ticks or clears every row's box of the table the header box is in, and tells the form (its count). */
function tickPage(event: ChangeEvent<HTMLInputElement>) {
  const table = event.currentTarget.closest('table');
  for (const box of table?.querySelectorAll<HTMLInputElement>('input[name="id"]') ?? []) box.checked = event.currentTarget.checked;
}

export function ProductTable({
  products,
  pager,
  selectable = false,
}: {
  products: ProductRow[];
  pager: DataTableProps<ProductRow>['pager'];
  selectable?: boolean;
}) {
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
        selectable && {
          key: 'select',
          header: <input type="checkbox" className="bulk-check" aria-label={t('products.bulk.selectAll')} onChange={tickPage} data-testid="bulk-select-page" />,
          cell: (p) => (
            <input type="checkbox" className="bulk-check" name="id" value={p.id} aria-label={t('products.bulk.selectOne', { sku: p.sku, name: p.name })} />
          ),
          className: 'admin-select',
        },
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
          cellClassName: 'admin-wrap admin-name',
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
