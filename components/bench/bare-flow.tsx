"use client";

import { ReactFlow, type Edge, type Node } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { benchGraph } from "./bench-graph";

// The benchmark's baseline: React Flow alone, uncontrolled, default nodes and edges, the designer's positions and
// zoom limits, nothing else (no minimap, background or store). Built once at module scope, like a static page would.
const GRAPH = benchGraph(1000);
const NODES: Node[] = GRAPH.steps.map((step) => ({ id: step.id, position: step.position, data: { label: step.name } }));
const EDGES: Edge[] = GRAPH.edges
  .filter((edge) => !edge.joinsBlocks)
  .map(({ id, source, target }) => ({ id, source, target }));
const FIT_VIEW_OPTIONS = { maxZoom: 1, padding: 0.2 };

/** 1,000 default nodes and 1,000 default edges, for `npm run bench:editor` to compare the designer against. */
export function BareFlow() {
  return (
    <div className="h-dvh w-full" data-testid="bare-flow">
      <ReactFlow
        defaultNodes={NODES}
        defaultEdges={EDGES}
        fitView
        fitViewOptions={FIT_VIEW_OPTIONS}
        minZoom={0.05}
        maxZoom={2}
      />
    </div>
  );
}
