"use client";

import { useStore, type ReactFlowState } from "@xyflow/react";
import { createContext, useContext } from "react";
import { drawsSimplified, fitsLegibly, nodesBounds, WRAP, type FlowNode } from "@/lib/graph";

/**
 * The browser's text scale (root font size over 16 px), read once: a user who enlarged text reads names at smaller
 * zooms (lib/graph/legibility.ts). 1 on the server.
 */
let textScale: number | undefined;
export function browserTextScale(): number {
  if (typeof window === "undefined") return 1;
  textScale ??= parseFloat(getComputedStyle(document.documentElement).fontSize) / 16 || 1;
  return textScale;
}

/**
 * Whether the routine on this canvas fits it legibly. Only routines up to WRAP.maxSteps are measured: a larger one
 * cannot fit legibly anyway, and this selector runs on every pan frame.
 */
function routineFits(state: ReactFlowState): boolean {
  if (state.nodes.length > WRAP.maxSteps) return false;
  const bounds = nodesBounds(state.nodes as FlowNode[]);
  return bounds !== null && fitsLegibly(bounds, { width: state.width, height: state.height }, browserTextScale());
}

/**
 * The canvas's selector: whether its nodes draw simplified at the current zoom. Also true while a fitView waits for
 * nodes to be measured (zoom still 1), so nodes mount in the cheap form rather than in full detail thrown away a
 * frame later. The canvases open at a computed viewport and nodes carry their size from the start (see
 * openingViewport and routineToFlow), so this clause only matters for nodes without one.
 */
export const canvasDrawsSimplified = (state: ReactFlowState) =>
  (state.fitViewQueued && !state.nodesInitialized) ||
  drawsSimplified(state.transform[2], routineFits(state), browserTextScale());

/**
 * The canvas reads the drawing once (useCanvasSimplified) and hands it to every node and edge through this context.
 * A store subscription per node and edge would run two thousand selectors on every pan frame of a large routine;
 * a context consumer re-renders only when the value flips.
 */
export const SimplifiedDrawingContext = createContext(false);

/** For the canvas: whether nodes draw simplified (lib/graph/legibility.ts drawsSimplified); changes only on a flip. */
export function useCanvasSimplified(): boolean {
  return useStore(canvasDrawsSimplified);
}

/** For nodes and edges: whether to draw the simplified form (a large name and the state colour). */
export function useSimplifiedDrawing(): boolean {
  return useContext(SimplifiedDrawingContext);
}
