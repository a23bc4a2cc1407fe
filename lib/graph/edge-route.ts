import { NODE_SIZE, ROW_GAP, type Size } from "./sizes";

type Point = { x: number; y: number };

/**
 * A condition label as the edge components draw it (`text-xs`, `px-1.5 py-0.5`, a border, cut at `max-w-44`):
 * about 7 px a character, 176 px at most, 24 px high. The layout reserves this much room (elk-graph.ts) and the
 * overlap tests measure with it.
 */
export const EDGE_LABEL = { charWidth: 7, padding: 14, maxWidth: 176, height: 24 } as const;

/** The size a condition label is drawn at. */
export function edgeLabelSize(text: string): Size {
  return {
    width: Math.min(EDGE_LABEL.maxWidth, text.length * EDGE_LABEL.charWidth + EDGE_LABEL.padding),
    height: EDGE_LABEL.height,
  };
}

/** Where a branch edge turns into its lane: between NEAREST and NEAREST + SPAN px right of its handle. */
const TURN = { nearest: 20, span: 40, falloff: 150 } as const;
/** Room between the turn and the label's left end. */
const LABEL_GAP = 10;
const CORNER = 8;

/**
 * The drawing of one edge out of a branch: it leaves its own handle to the right, turns once into its lane (the
 * height of the step it leads to) and runs along that lane into the step; its condition label sits on the lane
 * just after the turn, near the branch. Sibling edges lead to steps the layout keeps in separate lanes (ELK with
 * the branch's ports in a fixed order), so their labels never share a line. An edge turns the earlier the farther
 * its lane lies from its handle, which keeps sibling edges going the same way from crossing or running along one
 * vertical line.
 */
export type BranchEdgeRoute = {
  /** SVG path from the source handle to the target handle. */
  path: string;
  /** The label's left end, vertically centred: draw it with `translate(0, -50%)` from here. */
  labelX: number;
  labelY: number;
  /** Where the edge turns into its lane. */
  turnX: number;
};

/**
 * The route of a branch edge from its source handle to its target handle (both as React Flow gives them: the
 * handles' centres, flow running left to right), or undefined when the target lies behind the turn (a loop back):
 * draw such an edge the ordinary way.
 */
export function branchEdgeRoute(source: Point, target: Point): BranchEdgeRoute | undefined {
  const dy = target.y - source.y;
  const turnX = source.x + TURN.nearest + TURN.span * Math.exp(-Math.abs(dy) / TURN.falloff);
  if (target.x < turnX + CORNER + LABEL_GAP) return undefined;
  const radius = Math.min(CORNER, Math.abs(dy) / 2);
  const down = Math.sign(dy);
  const path =
    radius < 0.5
      ? `M ${source.x},${source.y} L ${target.x},${target.y}`
      : [
          `M ${source.x},${source.y}`,
          `L ${turnX - radius},${source.y}`,
          `Q ${turnX},${source.y} ${turnX},${source.y + down * radius}`,
          `L ${turnX},${target.y - down * radius}`,
          `Q ${turnX},${target.y} ${turnX + radius},${target.y}`,
          `L ${target.x},${target.y}`,
        ].join(" ");
  return { path, labelX: turnX + LABEL_GAP, labelY: target.y, turnX };
}

/** The box a branch edge's label covers on the canvas, for overlap checks. */
export function branchLabelBox(route: BranchEdgeRoute, text: string): Point & Size {
  const size = edgeLabelSize(text);
  return { x: route.labelX, y: route.labelY - size.height / 2, ...size };
}

/**
 * For an edge that wraps from the end of one row to the start of a lower one (wrap-rows.ts), the height its
 * crossing runs at: in the gap above the target's row (half the row gap above the top of a step as tall as a tool
 * step, so inside the gap for every kind), not through the middle of either row. Undefined for any other edge.
 */
export function wrapLaneY(source: Point, target: Point): number | undefined {
  if (target.x >= source.x || target.y <= source.y + WRAP_MIN_DROP) return undefined;
  return target.y - WRAP_LANE_ABOVE_CENTRE;
}

/** A wrapped edge descends at least a row; anything shallower is an ordinary loop back. */
const WRAP_MIN_DROP = 60;
/** Half a tool step and half the row gap. */
const WRAP_LANE_ABOVE_CENTRE = NODE_SIZE.tool.height / 2 + ROW_GAP / 2;

/** Where an edge's path and condition label go, ready for the edge components. */
export type EdgeLabelDrawing = { path: string; labelTransform: string };

/**
 * The path and label placement of any edge: a labelled edge out of a branch follows branchEdgeRoute (label on its
 * lane near the branch); any other edge, or a loop back, keeps the given path with its label centred on the given
 * point (React Flow's own `getBezierPath` result).
 */
export function edgeLabelDrawing(
  source: Point,
  target: Point,
  labelled: boolean,
  fallback: readonly [path: string, labelX: number, labelY: number, ...rest: unknown[]],
): EdgeLabelDrawing {
  const route = labelled ? branchEdgeRoute(source, target) : undefined;
  if (route)
    return { path: route.path, labelTransform: `translate(0, -50%) translate(${route.labelX}px, ${route.labelY}px)` };
  const [path, labelX, labelY] = fallback;
  return { path, labelTransform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` };
}
