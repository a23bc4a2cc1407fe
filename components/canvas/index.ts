// What the designer, review and run canvases share: the drawing for the zoom, options, the read-only frame and nodes.
export { CANVAS_MAX_ZOOM, CANVAS_MIN_ZOOM, DEFAULT_EDGE_OPTIONS, PRO_OPTIONS } from "./canvas-options";
export { ReadOnlyCanvas, type ReadOnlyCanvasProps } from "./read-only-canvas";
export { HandleAnchors, StageFrame } from "./read-only-nodes";
export { stepEdgeDrawing } from "./step-edge-path";
export {
  browserTextScale,
  SimplifiedDrawingContext,
  useCanvasSimplified,
  useSimplifiedDrawing,
} from "./simplified-drawing";
export { SimplifiedNode } from "./simplified-node";
export { openingFor, useOpeningViewport, type Opening } from "./use-opening-viewport";
