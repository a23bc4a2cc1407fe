// The review lifecycle of routine versions: submit, optimize into review, decide, comment, publish, history.
import "server-only";
export { saveOptimizedVersion } from "./optimized-versions";
export { publishVersion } from "./publications";
export { MAX_COMMENT_LENGTH, REVIEW_DECISION_INPUTS, toReviewDecision } from "./review-inputs";
export type { OptimizationProvenance, ReviewDecision } from "./review-inputs";
export { resolveVerdict, startDraftVerdict, submitVerdict, toPermission, withdrawVerdict } from "./review-rules";
export type { Permission } from "./review-rules";
export { reviewSelect, toDecisionView } from "./review-views";
export type { ReviewCommentView, ReviewDecisionView } from "./review-views";
export { addReviewComment, decideReview, resolveReviewComment } from "./reviews";
export { startNewDraft, submitForReview, withdrawFromReview } from "./routine-versions";
export { listRoutineVersions } from "./version-history";
export type { PublicationView, RoutineVersionHistory } from "./version-history";
export { getVersionReview, listStepComments } from "./version-review";
export type { VersionReview } from "./version-review";
export type { VersionSummary } from "./version-summary";
export { getVersionEvaluation } from "./version-evaluation";
export type { VersionEvaluation } from "./version-evaluation";
