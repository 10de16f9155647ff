/**
 * The lines of an order as a table, on the customer's order page, the admin's order page and the
 * packing list: the columns are the same (SKU, item, count, unit price, line total); the pages
 * differ in which of them they show, in their headings and in what the item cell says (a custom
 * box's contents, units returned, the packed tick box).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../DataTable.tsx';
import { useFormat } from '../../lib/format.ts';

/** What every order line has; prices in Rappen, optional on the packing list. */
export type OrderLineRow = { id?: string; sku: string; count: number; unitPrice?: number; lineTotal?: number };

export function OrderLinesTable<L extends OrderLineRow>({
  lines,
  item,
  skuColumn = false,
  prices = true,
  tickColumn,
  headings = {},
  testId,
  scroll = false,
}: {
  lines: readonly L[];
  /** The item cell of a line. */
  item: (line: L) => ReactNode;
  /** A column of its own for the SKU (the admin's pages; the customer's page shows it under the name). */
  skuColumn?: boolean;
  /** The unit price and line total columns (not on the packing list). */
  prices?: boolean;
  /** The heading of a first column of empty boxes to tick when packing. */
  tickColumn?: string;
  /** Headings in place of the order page's (checkout:details.*). */
  headings?: { sku?: string; item?: string; count?: string };
  testId?: string;
  /** Wrap the table in the sideways-scrolling box. */
  scroll?: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { price } = useFormat();
  const columns: (Column<L> | false | undefined)[] = [
    tickColumn !== undefined && { key: 'tick', header: tickColumn, cell: () => '☐', decorative: true },
    skuColumn && { key: 'sku', header: headings.sku ?? t('details.sku'), cell: (l) => l.sku, cellClassName: 'nowrap' },
    { key: 'item', header: headings.item ?? t('details.item'), cell: item },
    { key: 'count', header: headings.count ?? t('details.count'), cell: (l) => l.count, className: 'num' },
    prices && { key: 'unit', header: t('details.unitPrice'), cell: (l) => price(l.unitPrice ?? 0), className: 'num hide-sm' },
    prices && { key: 'total', header: t('details.lineTotal'), cell: (l) => price(l.lineTotal ?? 0), className: 'num' },
  ];
  return (
    <DataTable
      columns={columns}
      rows={lines}
      rowKey={(l) => l.id ?? l.sku}
      className="history-table"
      testId={testId}
      wrapClassName={scroll ? 'table-scroll' : null}
    />
  );
}
