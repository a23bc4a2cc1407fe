"use client";

import { useStore, type ReactFlowState } from "@xyflow/react";

/** Below this zoom a step's name is under 6 px tall: unreadable, so nodes and edge labels draw no text. */
export const DETAIL_ZOOM = 0.4;

// Also true while the canvas waits for its first fitView (nodes not measured yet, zoom still 1): a large
// routine then mounts its nodes in the cheap form straight away instead of drawing every detail once and
// throwing it away a frame later. Later fitView calls (nodes already measured) do not flip it.
const zoomedOut = (state: ReactFlowState) => state.transform[2] < DETAIL_ZOOM || (state.fitViewQueued && !state.nodesInitialized);

/**
 * True when the canvas is zoomed out too far for text. A boolean selector: panning and zooming re-render a node
 * only when the canvas crosses DETAIL_ZOOM, not on every frame.
 */
export function useZoomedOut(): boolean {
  return useStore(zoomedOut);
}
