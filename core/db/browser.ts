/**
 * The db module's browser face (the data layer: Drizzle client, every table (schema/), content
 * version, backups, data-dir lock): the part pages may run in the browser. Reaches no Drizzle,
 * database driver, node: module or other server package (checked by .dependency-cruiser-
 * browser.cjs; docs/decisions/018-module-faces.md).
 */
export type { OrderBoxSnapshot } from './schema/box-snapshot.ts';
export {
  BOX_DRAWINGS,
  BOX_MESSAGE_KINDS,
  ORDER_STATUSES,
  ROLES,
  STOCK_REASONS,
  type BoxDrawing,
  type BoxMessageKind,
  type OrderStatus,
  type Role,
  type StockReason,
} from './schema/values.ts';
