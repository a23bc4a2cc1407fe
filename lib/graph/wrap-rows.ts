import type { Routine, Step } from "../routine";
import type { LayoutDirection } from "./elk-graph";
import { NODE_SIZE, ROW_GAP, type Size } from "./sizes";

/**
 * How a laid-out routine is folded into rows. Up to `maxSteps` steps, so a small routine fits a canvas at a zoom
 * where step names are legible; a larger one cannot fit legibly anyway and keeps its single band. `canvas` is the
 * smallest canvas we design for (1280×800 with the navigation as icons and both side panels open); `rowGap` is the
 * room between rows where the edges that wrap from one row to the next run.
 */
export const WRAP = { maxSteps: 60, maxRows: 6, rowGap: ROW_GAP, canvas: { width: 632, height: 600 } } as const;

/** Up to this many places to cut, every combination is tried; past it, the cuts nearest even splits are taken. */
const EXHAUSTIVE_CUTS = 14;

type Box = { main: number; cross: number; mainSize: number; crossSize: number };
type Cut = { at: number; crossing: number };

/** Coordinates along the flow (main) and across it, so one fold serves RIGHT and DOWN layouts. */
function boxOf(step: Step, direction: LayoutDirection): Box {
  const size = NODE_SIZE[step.kind];
  const { x, y } = step.position ?? { x: 0, y: 0 };
  return direction === "RIGHT"
    ? { main: x, cross: y, mainSize: size.width, crossSize: size.height }
    : { main: y, cross: x, mainSize: size.height, crossSize: size.width };
}

/**
 * Where the band may be cut: a gap along the flow that no step spans, crossed by no labelled edge (a condition
 * label must sit beside its branch, so a branch's ways out never wrap) and by at most two edges (each crossing edge
 * becomes a line from the end of one row back to the start of the next).
 */
function candidateCuts(routine: Routine, boxes: Map<string, Box>): Cut[] {
  const sorted = [...boxes.values()].sort((a, b) => a.main - b.main);
  const cuts: Cut[] = [];
  let reach = -Infinity;
  for (const box of sorted) {
    if (reach > -Infinity && box.main > reach) {
      const at = (reach + box.main) / 2;
      let crossing = 0;
      let labelled = false;
      for (const edge of routine.edges) {
        const source = boxes.get(edge.source);
        const target = boxes.get(edge.target);
        if (!source || !target || source.main < at === target.main < at) continue;
        crossing += 1;
        if (edge.condition?.label) labelled = true;
      }
      if (!labelled && crossing <= 2) cuts.push({ at, crossing });
    }
    reach = Math.max(reach, box.main + box.mainSize);
  }
  return cuts;
}

/** The rows a set of cuts makes, each as its boxes. */
function rowsOf(boxes: Box[], cuts: number[]): Box[][] {
  const rows: Box[][] = cuts.map(() => []).concat([[]]);
  for (const box of boxes) rows[cuts.filter((at) => box.main > at).length].push(box);
  return rows.filter((row) => row.length > 0);
}

function extent(row: Box[], key: "main" | "cross"): { start: number; size: number } {
  const sizeKey = key === "main" ? "mainSize" : "crossSize";
  const start = Math.min(...row.map((box) => box[key]));
  return { start, size: Math.max(...row.map((box) => box[key] + box[sizeKey])) - start };
}

/** The zoom at which the folded routine fits the design canvas (higher is better). */
function fittingZoom(rows: Box[][], direction: LayoutDirection): number {
  const main = Math.max(...rows.map((row) => extent(row, "main").size));
  const cross = rows.reduce((sum, row) => sum + extent(row, "cross").size, 0) + (rows.length - 1) * WRAP.rowGap;
  const canvas: Size = WRAP.canvas;
  return direction === "RIGHT"
    ? Math.min(canvas.width / main, canvas.height / cross)
    : Math.min(canvas.height / main, canvas.width / cross);
}

/** Every set of `size` cuts out of `cuts`, in order. */
function* combinations(cuts: number[], size: number, from = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= cuts.length - size; i += 1)
    for (const rest of combinations(cuts, size - 1, i + 1)) yield [cuts[i], ...rest];
}

/** The sets of cuts worth trying for `count` rows. */
function cutSets(cuts: Cut[], count: number, start: number, length: number): number[][] {
  if (cuts.length <= EXHAUSTIVE_CUTS)
    return [
      ...combinations(
        cuts.map((cut) => cut.at),
        count - 1,
      ),
    ];
  const picked = pickCuts(cuts, count, start, length);
  return picked ? [picked] : [];
}

/** For `count` rows: the allowed cut nearest each even split of the band, in order. */
function pickCuts(cuts: Cut[], count: number, start: number, length: number): number[] | null {
  const picked: number[] = [];
  for (let row = 1; row < count; row += 1) {
    const ideal = start + (length * row) / count;
    const after = cuts.filter((cut) => cut.at > (picked.at(-1) ?? -Infinity));
    if (after.length === 0) return null;
    // Nearest to the even split; between near ties, the cut fewer edges cross.
    const best = after.reduce((a, b) =>
      Math.abs(b.at - ideal) + b.crossing * 20 < Math.abs(a.at - ideal) + a.crossing * 20 ? b : a,
    );
    picked.push(best.at);
  }
  return picked;
}

/** Whether wrapIntoRows folds this routine at all: small, and without stages (their boxes are laid out as wholes). */
export function canWrap(routine: Routine): boolean {
  return routine.steps.length <= WRAP.maxSteps && routine.stages.length === 0;
}

/**
 * Folds a laid-out band of steps into rows (RIGHT) or columns (DOWN), like lines of text: each row starts at the
 * band's start, rows stack across the flow with WRAP.rowGap between them. The number of rows is the one that lets
 * the routine fit the design canvas at the highest zoom; a routine that fits best as one band is returned as is,
 * as is one that canWrap refuses.
 */
export function wrapIntoRows(routine: Routine, direction: LayoutDirection): Routine {
  if (!canWrap(routine)) return routine;
  const boxes = new Map<string, Box>();
  for (const step of routine.steps) if (!boxes.has(step.id)) boxes.set(step.id, boxOf(step, direction));
  const all = [...boxes.values()];
  if (all.length < 3) return routine;
  const band = extent(all, "main");
  const cuts = candidateCuts(routine, boxes);

  let best = { zoom: fittingZoom([all], direction), cuts: [] as number[] };
  for (let count = 2; count <= Math.min(WRAP.maxRows, cuts.length + 1); count += 1) {
    let bestOfCount = best;
    for (const picked of cutSets(cuts, count, band.start, band.size)) {
      const zoom = fittingZoom(rowsOf(all, picked), direction);
      if (zoom > bestOfCount.zoom) bestOfCount = { zoom, cuts: picked };
    }
    // Another row must pay for itself: a fold that gains little only makes the routine harder to follow.
    if (bestOfCount.zoom > best.zoom * 1.08) best = bestOfCount;
  }
  if (best.cuts.length === 0) return routine;

  const shift = new Map<Box, { main: number; cross: number }>();
  let offset = extent(all, "cross").start;
  for (const row of rowsOf(all, best.cuts)) {
    const main = extent(row, "main");
    const cross = extent(row, "cross");
    for (const box of row) shift.set(box, { main: band.start - main.start, cross: offset - cross.start });
    offset += cross.size + WRAP.rowGap;
  }
  const steps = routine.steps.map((step): Step => {
    const box = boxes.get(step.id);
    const by = box && shift.get(box);
    if (!by || !step.position) return step;
    const { x, y } = step.position;
    const position =
      direction === "RIGHT"
        ? { x: Math.round(x + by.main), y: Math.round(y + by.cross) }
        : { x: Math.round(x + by.cross), y: Math.round(y + by.main) };
    return { ...step, position };
  });
  return { ...routine, steps };
}
