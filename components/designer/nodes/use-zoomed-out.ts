"use client";

import { useStore, type ReactFlowState } from "@xyflow/react";

/** Below this zoom a step's name is under 6 px tall: unreadable, so nodes and edge labels draw no text. */
export const DETAIL_ZOOM = 0.4;

// Also true while a fitView waits for nodes to be measured (zoom still 1), so nodes mount in the cheap form
// rather than in full detail thrown away a frame later. The canvas now opens at a computed viewport and nodes carry
// their size from the start (see canvas.tsx and routineToFlow), so this clause only matters for nodes without one.
const zoomedOut = (state: ReactFlowState) => state.transform[2] < DETAIL_ZOOM || (state.fitViewQueued && !state.nodesInitialized);

/**
 * True when the canvas is zoomed out too far for text. A boolean selector: panning and zooming re-render a node
 * only when the canvas crosses DETAIL_ZOOM, not on every frame.
 */
export function useZoomedOut(): boolean {
  return useStore(zoomedOut);
}
