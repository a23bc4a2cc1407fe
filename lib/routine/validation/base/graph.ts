import type { Routine, Step } from "../../schema";

/**
 * The routine as an indexed graph, built once per validation so every rule runs in linear time.
 * Nodes are the steps with distinct ids (a repeated id maps to its first step); edges whose source or
 * target is missing are left out of the adjacency lists.
 */
export type RoutineGraph = {
  nodeOf: Map<string, number>;
  /** node → its step, and that step's index in `routine.steps` (for issue paths). */
  steps: Step[];
  stepIndex: number[];
  /** node → indexes into `routine.edges`, connected edges only. */
  outEdges: number[][];
  inEdges: number[][];
  /** edge index → source / target node, or -1 when that end is not a step. */
  edgeSource: number[];
  edgeTarget: number[];
  /** node → its strongly connected component; components are numbered in topological order. */
  component: number[];
  componentNodes: number[][];
};

export function buildGraph(routine: Routine): RoutineGraph {
  const nodeOf = new Map<string, number>();
  const steps: Step[] = [];
  const stepIndex: number[] = [];
  routine.steps.forEach((step, index) => {
    if (nodeOf.has(step.id)) return;
    nodeOf.set(step.id, steps.length);
    steps.push(step);
    stepIndex.push(index);
  });
  const outEdges: number[][] = steps.map(() => []);
  const inEdges: number[][] = steps.map(() => []);
  const edgeSource: number[] = [];
  const edgeTarget: number[] = [];
  routine.edges.forEach((edge, index) => {
    const source = nodeOf.get(edge.source) ?? -1;
    const target = nodeOf.get(edge.target) ?? -1;
    edgeSource.push(source);
    edgeTarget.push(target);
    if (source < 0 || target < 0) return;
    outEdges[source].push(index);
    inEdges[target].push(index);
  });
  const successors = outEdges.map((edges) => edges.map((edge) => edgeTarget[edge]));
  const component = strongComponents(successors);
  const componentNodes: number[][] = [];
  component.forEach((c, node) => (componentNodes[c] ??= []).push(node));
  return { nodeOf, steps, stepIndex, outEdges, inEdges, edgeSource, edgeTarget, component, componentNodes };
}

/** Marks every node reachable from `starts` (themselves included), following edges forward or backward. */
export function reach(graph: RoutineGraph, starts: readonly number[], direction: "forward" | "backward"): Uint8Array {
  const seen = new Uint8Array(graph.steps.length);
  const adjacency = direction === "forward" ? graph.outEdges : graph.inEdges;
  const ends = direction === "forward" ? graph.edgeTarget : graph.edgeSource;
  const queue: number[] = [];
  for (const start of starts) {
    if (seen[start]) continue;
    seen[start] = 1;
    queue.push(start);
  }
  for (let head = 0; head < queue.length; head++) {
    for (const edge of adjacency[queue[head]]) {
      const next = ends[edge];
      if (seen[next]) continue;
      seen[next] = 1;
      queue.push(next);
    }
  }
  return seen;
}

/** True when the component is a loop: several nodes, or one node with an edge to itself. */
export function isCycle(graph: RoutineGraph, component: number): boolean {
  const nodes = graph.componentNodes[component];
  if (nodes.length > 1) return true;
  return graph.outEdges[nodes[0]].some((edge) => graph.edgeTarget[edge] === nodes[0]);
}

/** How many source components one pass of `reachability` tracks: 32 words of bits per component. */
const SOURCES_PER_PASS = 1024;

/**
 * For each `[source, target]` pair, whether `source` can reach `target`. Each pass gives every component
 * a bit set of the upstream source components, walking components in topological order, so the cost is
 * O(edges × sources / 32) time and O(components × 32 words) memory.
 */
export function reachability(graph: RoutineGraph, pairs: readonly (readonly [number, number])[]): boolean[] {
  const { component, componentNodes, inEdges, edgeSource } = graph;
  const answers = pairs.map(([source, target]) => source !== target && component[source] === component[target]);
  const pending = pairs.flatMap(([source, target], index) => (component[source] < component[target] ? [index] : []));
  const sources = [...new Set(pending.map((index) => component[pairs[index][0]]))].sort((a, b) => a - b);
  for (let offset = 0; offset < sources.length; offset += SOURCES_PER_PASS) {
    const slot = new Map(sources.slice(offset, offset + SOURCES_PER_PASS).map((c, bit) => [c, bit]));
    const first = sources[offset];
    const words = Math.ceil(slot.size / 32);
    const bits = new Uint32Array((componentNodes.length - first) * words);
    for (let c = first; c < componentNodes.length; c++) {
      const row = (c - first) * words;
      for (const node of componentNodes[c]) {
        for (const edge of inEdges[node]) {
          const p = component[edgeSource[edge]];
          if (p === c || p < first) continue;
          for (let w = 0; w < words; w++) bits[row + w] |= bits[(p - first) * words + w];
          const bit = slot.get(p);
          if (bit !== undefined) bits[row + (bit >>> 5)] |= 1 << (bit & 31);
        }
      }
    }
    for (const index of pending) {
      const bit = slot.get(component[pairs[index][0]]);
      if (bit === undefined) continue;
      const row = (component[pairs[index][1]] - first) * words;
      answers[index] = ((bits[row + (bit >>> 5)] >>> (bit & 31)) & 1) === 1;
    }
  }
  return answers;
}

/** Tarjan's algorithm without recursion; returns node → component, numbered so edges go from lower to higher. */
function strongComponents(successors: number[][]): number[] {
  const count = successors.length;
  const order = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const finished = new Array<number>(count).fill(-1);
  const stack: number[] = [];
  const calls: number[] = [];
  const cursor: number[] = [];
  let counter = 0;
  let components = 0;
  const visit = (node: number) => {
    order[node] = low[node] = counter++;
    stack.push(node);
    onStack[node] = 1;
    calls.push(node);
    cursor.push(0);
  };
  for (let root = 0; root < count; root++) {
    if (order[root] !== -1) continue;
    visit(root);
    while (calls.length > 0) {
      const top = calls.length - 1;
      const node = calls[top];
      if (cursor[top] < successors[node].length) {
        const next = successors[node][cursor[top]++];
        if (order[next] === -1) visit(next);
        else if (onStack[next]) low[node] = Math.min(low[node], order[next]);
        continue;
      }
      calls.pop();
      cursor.pop();
      if (calls.length > 0) low[calls[calls.length - 1]] = Math.min(low[calls[calls.length - 1]], low[node]);
      if (low[node] !== order[node]) continue;
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = 0;
        finished[member] = components;
      } while (member !== node);
      components++;
    }
  }
  // Tarjan completes sinks first; flip so that numbering follows the edges.
  return finished.map((c) => components - 1 - c);
}
