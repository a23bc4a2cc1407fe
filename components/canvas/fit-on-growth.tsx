"use client";

import { useNodesInitialized, useReactFlow, type FitViewOptions } from "@xyflow/react";
import { useEffect, useRef } from "react";

/**
 * Fits the view to every node again each time nodes are added, once React Flow has measured them (fitting before
 * that would frame the old graph and leave the new nodes cut off), as long as `following`: the person has not panned
 * or zoomed, so a graph that grows while someone watches it stays whole without taking the view from someone who moved
 * it. The first fit is React Flow's own `fitView`. Renders nothing; lives inside <ReactFlow>.
 */
export function FitOnGrowth({
  nodeCount,
  following,
  options,
}: {
  nodeCount: number;
  following: boolean;
  options?: FitViewOptions;
}) {
  const measured = useNodesInitialized();
  const { fitView } = useReactFlow();
  const fittedCount = useRef(nodeCount);
  useEffect(() => {
    if (!measured || !following || fittedCount.current === nodeCount) return;
    fittedCount.current = nodeCount;
    void fitView(options);
  }, [measured, following, nodeCount, fitView, options]);
  return null;
}
