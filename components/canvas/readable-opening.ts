import type { Viewport } from "@xyflow/react";
import type { Bounds } from "@/lib/graph";
import { DETAIL_ZOOM } from "./use-zoomed-out";

/** Up to this many nodes, a routine opens readable (zoom ≥ READABLE_ZOOM) even when that means not all of it fits. */
const READABLE_ROUTINE = 60;
const READABLE_ZOOM = 0.6;

/**
 * Fitting a wide routine into a narrow canvas can zoom below DETAIL_ZOOM, where nodes draw no text: an analyst
 * opening a ten-step routine would see blank boxes. Such a routine opens at READABLE_ZOOM instead, its start `left`
 * pixels from the canvas's left edge and its middle at the canvas's middle; large routines keep the overview.
 */
export function readableOpening(
  fitted: Viewport,
  bounds: Bounds,
  boxHeight: number,
  nodeCount: number,
  left: number,
): Viewport {
  if (fitted.zoom >= DETAIL_ZOOM || nodeCount > READABLE_ROUTINE) return fitted;
  const zoom = READABLE_ZOOM;
  return { zoom, x: left - bounds.x * zoom, y: boxHeight / 2 - (bounds.y + bounds.height / 2) * zoom };
}
