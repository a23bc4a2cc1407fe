import type { Routine } from "../routine";
import { NODE_SIZE, type Size } from "./sizes";

/** How the stage boxes line up: along the way the routine was drawn (left to right, or top down). */
export type StageSummaryDirection = "row" | "column";

/** One box of the collapsed canvas: a key (a stage id, or the caller's key for steps in no stage) and its steps. */
export type StageGroup = { key: string; stepIds: readonly string[] };

export type StageSummaryLayout = {
  direction: StageSummaryDirection;
  /** Top-left corner of each group's box, in drawing order. */
  boxes: Array<{ key: string; x: number; y: number }>;
  /** A group leads to another: some step of `from` has an edge to a step of `to` (once per pair). */
  links: Array<{ from: string; to: string }>;
};

/** The size of a stage's box on the collapsed canvas. */
export const STAGE_SUMMARY_SIZE: Size = { width: 272, height: 152 };
const GAP: Record<StageSummaryDirection, number> = { row: 112, column: 80 };

/**
 * The routine collapsed to its stages: one box per group, in the order the routine's drawing puts them (by the
 * centre of their steps along its main direction: the one the centres spread most in), evenly spaced on one line,
 * and a link wherever a step of one group leads to a step of another. Steps in no group (end steps) are left out.
 */
export function stageSummaryLayout(
  routine: Pick<Routine, "steps" | "edges">,
  groups: readonly StageGroup[],
): StageSummaryLayout {
  const groupOf = new Map<string, string>();
  for (const group of groups) for (const stepId of group.stepIds) groupOf.set(stepId, group.key);

  const sums = new Map<string, { x: number; y: number; count: number }>();
  for (const step of routine.steps) {
    const key = groupOf.get(step.id);
    if (key === undefined) continue;
    const size = NODE_SIZE[step.kind];
    const at = step.position ?? { x: 0, y: 0 };
    const sum = sums.get(key) ?? { x: 0, y: 0, count: 0 };
    sums.set(key, { x: sum.x + at.x + size.width / 2, y: sum.y + at.y + size.height / 2, count: sum.count + 1 });
  }
  const centre = new Map(
    groups.map((group) => {
      const sum = sums.get(group.key);
      return [group.key, sum ? { x: sum.x / sum.count, y: sum.y / sum.count } : { x: 0, y: 0 }] as const;
    }),
  );
  const points = [...centre.values()];
  const spread = (axis: "x" | "y") =>
    points.length === 0 ? 0 : Math.max(...points.map((p) => p[axis])) - Math.min(...points.map((p) => p[axis]));
  const direction: StageSummaryDirection = spread("y") > spread("x") ? "column" : "row";
  const [main, cross] = direction === "row" ? (["x", "y"] as const) : (["y", "x"] as const);
  const ordered = groups
    .map((group, index) => ({ key: group.key, index, at: centre.get(group.key)! }))
    .sort((a, b) => a.at[main] - b.at[main] || a.at[cross] - b.at[cross] || a.index - b.index);

  const pitch = (direction === "row" ? STAGE_SUMMARY_SIZE.width : STAGE_SUMMARY_SIZE.height) + GAP[direction];
  const boxes = ordered.map(({ key }, index) =>
    direction === "row" ? { key, x: index * pitch, y: 0 } : { key, x: 0, y: index * pitch },
  );

  const links: StageSummaryLayout["links"] = [];
  const seen = new Set<string>();
  for (const edge of routine.edges) {
    const from = groupOf.get(edge.source);
    const to = groupOf.get(edge.target);
    if (from === undefined || to === undefined || from === to || seen.has(`${from}\n${to}`)) continue;
    seen.add(`${from}\n${to}`);
    links.push({ from, to });
  }
  return { direction, boxes, links };
}
