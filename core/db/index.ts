/**
 * The db module's face (the data layer: Drizzle client, every table (schema/), content version,
 * backups, data-dir lock): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
// Client and statements
export { openDatabase, queryCount, resultRows, type Database, type Db } from './client.ts';
export { isOwnDatabase, PreparedSql } from './prepared.ts';
export { databaseReachable } from './health.ts';
export { readContentVersion } from './content-version.ts';
// Tables and the values they store
export {
  auditLog,
  bonusLedger,
  cartBoxes,
  cartItems,
  carts,
  contactMessages,
  customBoxModels,
  emailTokens,
  jobRuns,
  lowStockAlerts,
  orderEvents,
  orderJobMails,
  orderLines,
  orderMailRetries,
  orderReturns,
  orders,
  outbox,
  paymentAttempts,
  payments,
  productReleases,
  products,
  promos,
  recoveryCodes,
  refreshTokens,
  refunds,
  RETURN_REASONS,
  securityPolicy,
  setupTokens,
  shopConfig,
  stockMovements,
  twoFactor,
  users,
  webhookReceipts,
  type AuditRow,
  type BonusKind,
  type BoxItem,
  type CustomBoxModelRow,
  type BoxContentLine,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
  type OrderWithLines,
  type PostalAddress,
  type ProductImage,
  type ProductReleaseRow,
  type ProductRow,
  type RefundLine,
  type ReturnLine,
  type ReturnPhoto,
  type ReturnReason,
  type ReturnRow,
  type StockMovementRow,
  type StoredAttachment,
} from './schema/index.ts';
export { BOX_DRAWINGS, BOX_MESSAGE_KINDS, ORDER_STATUSES, ROLES, type BoxDrawing, type BoxMessageKind, type OrderStatus, type Role } from './schema/values.ts';
// Data directory, its lock, backups, the move to PostgreSQL
export { closeDataDir, restrictUmask } from './data-dir.ts';
export { DataDirLockedError } from './lock.ts';
export {
  BackupError,
  backupKindOf,
  backupPglite,
  formatBytes,
  isInsideFolder,
  readShopBackup,
  restorePglite,
  restorePostgres,
  secretFingerprint,
  sessionSecretOf,
  shopBackupFileName,
  writeShopBackup,
  type BackupManifest,
} from './backup.ts';
export { copyPgliteToPostgres, MoveError } from './to-postgres.ts';
