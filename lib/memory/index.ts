// Procedure memory: an index of published routines that a request is matched against (issue #16). Pure: no I/O.
export {
  memoryThresholdsSchema,
  type Candidate,
  type MemoryDecision,
  type MemoryDocument,
  type MemoryThresholds,
  type Retrieval,
  type SearchEmbeddings,
  type SearchOptions,
} from "./types";
export { DEFAULT_MEMORY_THRESHOLDS, DEFAULT_EMBEDDING_WEIGHT, MAX_CANDIDATES, decide } from "./decide";
export { checkRequest, MAX_REQUEST_BYTES, MAX_REQUEST_CHARS, MemoryRequestError } from "./request";
export { documentFromRoutine, documentText } from "./document";
export { cosineSimilarity, hybridScores, type HybridInput } from "./hybrid";
export { ProcedureIndex } from "./procedure-index";
export {
  clashingRoutines,
  findClashes,
  type Clash,
  type ClashKind,
  type ClashRoutine,
  type FindClashesOptions,
  type IntentClash,
} from "./clashes";
