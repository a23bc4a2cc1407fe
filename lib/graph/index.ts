export {
  HANDLE,
  STEP_EDGE_TYPE,
  branchHandleId,
  edgeIdFromBranchHandle,
  isStageNode,
  stageNodeId,
  type FlowNode,
  type FlowNodeType,
  type StageNode,
  type StageNodeData,
  type StepEdge,
  type StepEdgeData,
  type StepNode,
  type StepNodeData,
  type StepNodeOf,
} from "./types";
export { EMPTY_STAGE_SIZE, NODE_SIZE, STAGE_PADDING, type Size } from "./sizes";
export { HANDLE_SIZE, outgoingEdgeIds, stepHandles } from "./handles";
export {
  EDGE_LABEL,
  branchEdgeRoute,
  branchLabelBox,
  edgeLabelDrawing,
  edgeLabelSize,
  wrapLaneY,
  type BranchEdgeRoute,
  type EdgeLabelDrawing,
} from "./edge-route";
export { nodesBounds, type Bounds } from "./viewport";
export { drawsOnlyInView, drawsSimplified, fitsLegibly, LEGIBILITY, legibleZoom, openingViewport } from "./legibility";
export { edgeToFlow, routineToFlow, type RoutineFlow, type RoutineToFlowOptions, type XY } from "./to-flow";
export { applyFlowEdges, applyFlowPositions, type PositionedNode } from "./from-flow";
export {
  connectionToEdge,
  freshEdgeId,
  type ConnectionRefusal,
  type ConnectionRequest,
  type ConnectionResult,
} from "./connect";
export {
  hasUnpositionedSteps,
  layoutIfUnpositioned,
  layoutRoutine,
  placeNewSteps,
  type ElkLayouter,
  type LayoutDirection,
  type LayoutRoutineOptions,
} from "./layout";
export { WRAP, wrapIntoRows } from "./wrap-rows";
export {
  STAGE_SUMMARY_SIZE,
  stageSummaryLayout,
  type StageGroup,
  type StageSummaryDirection,
  type StageSummaryLayout,
} from "./stage-summary";
export {
  diffRoutines,
  isEmptyDiff,
  type ChangedItem,
  type CollectionDiff,
  type DiffOptions,
  type RoutineDiff,
} from "./diff";
