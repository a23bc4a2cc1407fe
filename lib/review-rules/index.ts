// What the review screen computes outside React: diff colours, the paper text's line diff, a step side by side,
// the status labels, and the shared viewport of the two canvases. Imports lib/graph and lib/routine only.
export {
  reviewDiff,
  statusOf,
  type DiffStatus,
  type ReviewDiff,
  type SideStatuses,
  type StepChange,
} from "./diff-status";
export { countChangedLines, foldUnchanged, textDiffLines, type TextDiffLine, type TextDiffRow } from "./text-diff";
export { describeBinding, stepDetailRows, type DetailRow } from "./step-detail";
export {
  lifecycleStatus,
  readOnlyReason,
  type LifecycleKey,
  type LifecycleStatus,
  type LifecycleTone,
} from "./lifecycle-status";
export { sameViewport, unionBounds, type Viewport } from "./viewport";
export { refusalSentence } from "./refusal";
export {
  formatAccuracy,
  gateRefusal,
  lowerSuitesText,
  OVERRIDE_REASON_MAX,
  OVERRIDE_REASON_MIN,
  overrideReasonSchema,
  publishGate,
  PUBLISH_GATE_RULES,
  type PublishGateRule,
  type GateRow,
  type GateScore,
  type PublishGate,
  type SuiteScores,
  type SuiteVersionScore,
} from "./publish-gate";
