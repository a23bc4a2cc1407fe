// The audit log: who did what, written beside each change; the admin's read of it.
import "server-only";
export { recordAudit } from "./audit";
export type { AuditAction } from "./audit";
export { listAuditLog } from "./audit-log";
