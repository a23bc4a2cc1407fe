// The data access layer: every read and write of the app goes through these functions,
// and each one checks the caller's role itself.
import "server-only";
export { recordAudit, AUDIT_ACTIONS } from "./audit";
export type { AuditAction } from "./audit";
export { listAuditLog } from "./audit-log";
export type { AuditEntry } from "./audit-log";
export { ConflictError, DatabaseUnavailableError, NotFoundError, StaleSaveError, ValidationError } from "./errors";
export { acceptInvitation, findInvitation, reissueInvitation, INVITATION_TTL_MS } from "./invitations";
export type { InvitationLookup } from "./invitations";
export { MAX_ROUTINE_BYTES, ROUTINE_STATUSES } from "./routine-inputs";
export type { RoutineStatus } from "./routine-inputs";
export { getRoutine, listRoutines, routineExists } from "./routines";
export type { RoutineDetail, RoutineOwner, RoutineSummary } from "./routines";
export { acceptToolChanges, saveRoutineDraft } from "./routine-drafts";
export { archiveRoutine, createRoutine, duplicateRoutine, restoreRoutine, saveRoutineAsCopy } from "./routine-writes";
export type { CreatedRoutine, RoutineSource } from "./routine-writes";
export { getToolServer, registryToolCatalog, tryTool } from "./tool-catalog";
export { readCatalogTools } from "./tool-hashes";
export type { ToolView } from "./tool-catalog";
export { createToolServer, listToolServers, refreshToolServer, removeToolServer, setToolServerEnabled, updateToolServer } from "./tool-servers";
export type { RefreshOutcome, ToolServerSummary } from "./tool-servers";
export { registerDemoToolServer } from "./tool-server-bootstrap";
export { createUser, listUsers, setUserActive, setUserRoles } from "./users";
export type { CreatedUser, UserStatus, UserSummary } from "./users";
export type { Viewer } from "./viewers";
export { listLlmUsage } from "./llm-calls";
export type { LlmCallView, LlmRoleTotals, LlmUsage } from "./llm-calls";
// llmClientFor is server-internal (the planner and runner): callers authorize the work they use it for.
export { llmClientFor, testLlmConnection } from "./llm-clients";
export type { ConnectionTestResult } from "./llm-clients";
export { getLlmSettingsView, updateLlmSettings } from "./llm-settings";
export type { LlmSettingsSource, LlmSettingsView } from "./llm-settings";
