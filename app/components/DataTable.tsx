/**
 * One table for the admin lists and the order lines: a column definition gives each column's
 * header and cell, the table keeps the markup the pages share (`th scope="col"`, an optional
 * caption, the scrolling wrapper on narrow screens), the empty state replaces the table when
 * there are no rows, and a pager follows it when the list is paged.
 */
import type { ReactNode } from 'react';
import { Pager } from './Pager.tsx';

/** One column: its header, how a row fills its cell, and the classes (`num`, `hide-sm`, …). */
export type Column<Row> = {
  /** React key of the column, unique in the table. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Class of the header cell, and of the body cells unless `cellClassName` is given. */
  className?: string;
  /** Class of a body cell, when it differs from the header's or depends on the row. */
  cellClassName?: string | ((row: Row) => string | undefined);
  /** The cell is decoration only (a tick box to fill in by hand): hidden from assistive technology. */
  decorative?: boolean;
};

export type DataTableProps<Row> = {
  columns: readonly (Column<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** Class of the `<table>` (`history-table`, `data-table`, `admin-table …`). */
  className?: string;
  testId?: string;
  caption?: ReactNode;
  captionClassName?: string;
  /** Shown instead of the table when `rows` is empty; without it an empty table is rendered. */
  empty?: ReactNode;
  /** Class of the wrapper that scrolls the table sideways; `null` renders the table bare. */
  wrapClassName?: string | null;
  /** Marks the wrapper busy while the list reloads. */
  busy?: boolean;
  /** Page links after the table (app/components/Pager.tsx), shown with or without rows. */
  pager?: Parameters<typeof Pager>[0];
};

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  className,
  testId,
  caption,
  captionClassName,
  empty,
  wrapClassName = 'table-scroll',
  busy,
  pager,
}: DataTableProps<Row>) {
  const cols = columns.filter((c): c is Column<Row> => Boolean(c));
  const table = (
    <table className={className} data-testid={testId}>
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      <thead>
        <tr>
          {cols.map((c) => (
            <th key={c.key} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {cols.map((c) => (
              <td
                key={c.key}
                className={typeof c.cellClassName === 'function' ? c.cellClassName(row) : (c.cellClassName ?? c.className)}
                aria-hidden={c.decorative ? 'true' : undefined}
              >
                {c.cell(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const body =
    rows.length === 0 && empty !== undefined ? (
      empty
    ) : wrapClassName === null ? (
      table
    ) : (
      <div className={wrapClassName} aria-busy={busy}>
        {table}
      </div>
    );
  return (
    <>
      {body}
      {pager && <Pager {...pager} />}
    </>
  );
}
