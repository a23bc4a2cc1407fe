// Procedure memory over the database: the index of published routines kept in step with publish and rollback,
// stored embeddings, and the admin's thresholds.
import "server-only";
export { RETRIEVE_ROLES, retrieveRoutines } from "./retrieve";
export type { RetrieveOptions } from "./retrieve";
export { getMemoryThresholds, MEMORY_THRESHOLDS_KEY, updateMemoryThresholds } from "./memory-thresholds";
export type { MemoryThresholdsView } from "./memory-thresholds";
export { CLASH_ROLES, clashesForVersion, listClashes, type VersionClashes } from "./clashes";
