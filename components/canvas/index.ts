// What the designer, review and run canvases share: zoom level for nodes, options, the read-only frame and nodes.
export { CANVAS_MAX_ZOOM, CANVAS_MIN_ZOOM, DEFAULT_EDGE_OPTIONS, PRO_OPTIONS } from "./canvas-options";
export { ReadOnlyCanvas, type ReadOnlyCanvasProps } from "./read-only-canvas";
export { HandleAnchors, StageFrame } from "./read-only-nodes";
export { readableOpening } from "./readable-opening";
export { DETAIL_ZOOM, useCanvasZoomedOut, useZoomedOut, ZoomedOutContext } from "./use-zoomed-out";
export { STEP_KIND_INFO } from "./step-kinds";
