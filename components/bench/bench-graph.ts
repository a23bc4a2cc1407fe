/**
 * The graph `npm run bench:editor` measures: a main chain with a branch diamond every ten steps, laid out on a
 * grid. The benchmark stores it as a routine; the bare React Flow page draws the same positions with default
 * nodes, so both canvases have the same layout density. Plain data: no React, no routine schema.
 */

export type BenchStepRole = "work" | "branch" | "end";
export type BenchStep = { id: string; name: string; role: BenchStepRole; position: { x: number; y: number } };
/** `joinsBlocks`: the link from one block's join to the next block (the bare page leaves these 99 out: 1,000 edges). */
export type BenchEdge = { id: string; source: string; target: string; label?: string; joinsBlocks?: true };
export type BenchGraph = { steps: BenchStep[]; edges: BenchEdge[] };

/** Grid pitch: a routine step is 240 × 80 (lib/graph NODE_SIZE), so 60 px between columns, 40 px between rows. */
const COLUMN = 300;
const ROW = 120;
/** A block of ten steps: six in a chain, a branch, two arms, a join. */
const BLOCK = 10;
const BLOCK_COLUMNS = 9;
const BLOCKS_PER_BAND = 4;

/** Column and lane (-1 above the chain, 0 on it, 1 below) of each step within its block. */
const SLOTS: ReadonlyArray<{ column: number; lane: number }> = [
  { column: 0, lane: 0 },
  { column: 1, lane: 0 },
  { column: 2, lane: 0 },
  { column: 3, lane: 0 },
  { column: 4, lane: 0 },
  { column: 5, lane: 0 },
  { column: 6, lane: 0 },
  { column: 7, lane: -1 },
  { column: 7, lane: 1 },
  { column: 8, lane: 0 },
];
const BRANCH_SLOT = 6;

/**
 * `stepCount` steps (a multiple of ten; the last one is the end) and their edges: the chain, each branch's two
 * labelled ways out, both arms into the join, and each join into the next block. 1,000 steps make 1,099 edges.
 */
export function benchGraph(stepCount: number): BenchGraph {
  if (stepCount < BLOCK || stepCount % BLOCK !== 0)
    throw new Error(`benchGraph needs a multiple of ${BLOCK} steps, got ${stepCount}.`);
  const steps: BenchStep[] = [];
  const edges: BenchEdge[] = [];
  const link = (source: string, target: string, extra: Pick<BenchEdge, "label" | "joinsBlocks"> = {}) =>
    edges.push({ id: `e${edges.length + 1}`, source, target, ...extra });

  for (let block = 0; block < stepCount / BLOCK; block += 1) {
    const band = Math.floor(block / BLOCKS_PER_BAND);
    const left = (block % BLOCKS_PER_BAND) * BLOCK_COLUMNS * COLUMN;
    const middle = (band * 3 + 1) * ROW;
    const ids = SLOTS.map((_, slot) => `s${block * BLOCK + slot + 1}`);
    SLOTS.forEach(({ column, lane }, slot) => {
      const index = block * BLOCK + slot;
      const role: BenchStepRole = slot === BRANCH_SLOT ? "branch" : index === stepCount - 1 ? "end" : "work";
      const name = role === "branch" ? `Decide ${block + 1}` : role === "end" ? "Done" : `Step ${index + 1}`;
      steps.push({ id: ids[slot], name, role, position: { x: left + column * COLUMN, y: middle + lane * ROW } });
    });
    for (let slot = 0; slot < BRANCH_SLOT; slot += 1) link(ids[slot], ids[slot + 1]);
    link(ids[BRANCH_SLOT], ids[7], { label: "If it applies" });
    link(ids[BRANCH_SLOT], ids[8], { label: "Otherwise" });
    link(ids[7], ids[9]);
    link(ids[8], ids[9]);
    if (block > 0) link(`s${block * BLOCK}`, ids[0], { joinsBlocks: true });
  }
  return { steps, edges };
}
