// A run as a hierarchy (Allen; issue #18): run → stage → actor → step, each with status, timing, tokens and cost.
// Pure, so the run view derives it live from the same state its event stream folds.
export {
  buildRunHierarchy,
  rollUp,
  UNSTAGED_NAME,
  type ActorNode,
  type HierarchyActor,
  type HierarchyStatus,
  type HierarchyStepRun,
  type HierarchyTotals,
  type RunHierarchy,
  type RunHierarchyInput,
  type StageNode,
  type StepNode,
} from "./run-hierarchy";
