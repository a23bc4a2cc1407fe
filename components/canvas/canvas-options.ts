import { MarkerType } from "@xyflow/react";

/** Every canvas's connections: the step edge with a closed arrow at its end. */
export const DEFAULT_EDGE_OPTIONS = {
  type: "step-edge",
  markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
};
export const PRO_OPTIONS = { hideAttribution: true };
/** Far enough out to see a thousand-step routine whole. */
export const CANVAS_MIN_ZOOM = 0.05;
export const CANVAS_MAX_ZOOM = 2;
