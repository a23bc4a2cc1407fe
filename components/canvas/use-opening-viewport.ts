"use client";

import type { Viewport } from "@xyflow/react";
import { useLayoutEffect, useState, type RefObject } from "react";
import { fitsLegibly, isStageNode, nodesBounds, openingViewport, type FlowNode } from "@/lib/graph";
import { browserTextScale } from "./simplified-drawing";

/**
 * Where a canvas opens (lib/graph/legibility.ts openingViewport): fitted when the routine fits legibly, otherwise at
 * a legible zoom on its first step. Computed from the nodes' known sizes and the canvas's box before React Flow
 * mounts, so nodes are drawn once, at the right zoom, with no measure-then-fitView pass. `{}` when the box has no
 * size yet (a hidden tab: fall back to fitView); undefined until measured, and on the server. `fits`: the whole
 * routine is on screen.
 */
export type Opening = { viewport?: Viewport; fits?: boolean };

export function useOpeningViewport(
  frame: RefObject<HTMLElement | null>,
  nodes: () => readonly FlowNode[],
): Opening | undefined {
  const [opening, setOpening] = useState<Opening>();
  useLayoutEffect(() => {
    // Measured once, before the first paint: React Flow mounts in the same frame.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpening(openingFor(frame.current, nodes()));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frame]);
  return opening;
}

/** The opening viewport for `nodes` in `element`'s box, or `{}` when either is empty. */
export function openingFor(element: HTMLElement | null, nodes: readonly FlowNode[]): Opening {
  const box = element?.getBoundingClientRect();
  const bounds = nodesBounds(nodes);
  if (!box || box.width <= 0 || box.height <= 0 || !bounds) return {};
  // The first step, also when it sits in a stage: a child's position is relative to its stage frame.
  const first = nodes.find((node) => !isStageNode(node)) ?? nodes[0];
  const parent = first.parentId === undefined ? undefined : nodes.find((node) => node.id === first.parentId);
  const start = parent
    ? { x: parent.position.x + first.position.x, y: parent.position.y + first.position.y }
    : first.position;
  const textScale = browserTextScale();
  return {
    viewport: openingViewport(bounds, box, {
      start,
      startHeight: first.height,
      textScale,
      stepCount: nodes.length,
    }),
    fits: fitsLegibly(bounds, box, textScale),
  };
}
