// The data access layer: every read and write of the app goes through these functions,
// and each one checks the caller's role itself.
import "server-only";
export { recordAudit, AUDIT_ACTIONS } from "./audit";
export type { AuditAction } from "./audit";
export { listAuditLog } from "./audit-log";
export type { AuditEntry } from "./audit-log";
export { ConflictError, DatabaseUnavailableError, NotFoundError, ValidationError } from "./errors";
export { acceptInvitation, findInvitation, reissueInvitation, INVITATION_TTL_MS } from "./invitations";
export type { InvitationLookup } from "./invitations";
export { createUser, listUsers, setUserActive, setUserRoles } from "./users";
export type { CreatedUser, UserStatus, UserSummary } from "./users";
export type { Viewer } from "./viewers";
