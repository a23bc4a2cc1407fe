"use client";

import { useStore, type ReactFlowState } from "@xyflow/react";
import { createContext, useContext } from "react";

/** Below this zoom a step's name is under 6 px tall: unreadable, so nodes and edge labels draw no text. */
export const DETAIL_ZOOM = 0.4;

// Also true while a fitView waits for nodes to be measured (zoom still 1), so nodes mount in the cheap form
// rather than in full detail thrown away a frame later. The designer now opens at a computed viewport and nodes
// carry their size from the start (see components/designer/canvas.tsx and routineToFlow), so this clause only
// matters for nodes without one.
const zoomedOut = (state: ReactFlowState) =>
  state.transform[2] < DETAIL_ZOOM || (state.fitViewQueued && !state.nodesInitialized);

/**
 * The canvas reads the zoom once (useCanvasZoomedOut) and hands it to every node and edge through this context.
 * A store subscription per node and edge would run two thousand selectors on every pan frame of a large routine;
 * a context consumer re-renders only when the value flips at DETAIL_ZOOM.
 */
export const ZoomedOutContext = createContext(false);

/** For the canvas: true when zoomed out too far for text; changes only when the canvas crosses DETAIL_ZOOM. */
export function useCanvasZoomedOut(): boolean {
  return useStore(zoomedOut);
}

/** For nodes and edges: whether to draw the cheap, text-free form. */
export function useZoomedOut(): boolean {
  return useContext(ZoomedOutContext);
}
