/**
 * The audit module's face (the admin audit log): what other modules and layers import of it; its
 * other files are inner (docs/decisions/018-module-faces.md).
 */
export {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  auditActionKey,
  auditAdmins,
  describeActors,
  readableAudit,
  searchAudit,
  type ActorView,
  type AuditFilter,
} from './readable.ts';
export { changedFields, listAudit, recordAudit, recordAuditOn } from './service.ts';
