// Routines and their working drafts: reads, writes, the stored content and its validation.
import "server-only";
export { prepareNewRoutine, prepareRoutine, readStoredRoutine } from "./routine-content";
export { acceptToolChanges, saveRoutineDraft, writeDraftContent } from "./routine-drafts";
export { MAX_ROUTINE_BYTES, routineIdSchema, toRoutineStatus } from "./routine-inputs";
export type { RoutineStatus } from "./routine-inputs";
export { RoutineIssuesError, blockingIssues, registryActorLookup, registryToolLookup } from "./routine-issues";
export { insertRoutine, mirrorWorkingVersion, pinsForSave } from "./routine-records";
export { archiveRoutine, createRoutine, duplicateRoutine, restoreRoutine, saveRoutineAsCopy } from "./routine-writes";
export type { RoutineSource } from "./routine-writes";
export { storedRoutineJson } from "./routine-content";
export type { PreparedRoutine } from "./routine-content";
export { listRoutinesInput } from "./routine-inputs";
export { findWorkingVersion } from "./routine-records";
export { RUN_MODES } from "./routine-modes";
export type { RunMode } from "./routine-modes";
export { recordDerivedEditors, recordEditor, toEditWay, versionEditorIds } from "./version-editors";
export type { EditWay } from "./version-editors";
