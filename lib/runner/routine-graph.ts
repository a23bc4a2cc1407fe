import type { Edge, Routine, Step } from "../routine";

/** A routine indexed for the engine: steps by id, edges by source, the start step, and a step's place in the list. */
export type RoutineIndex = {
  routine: Routine;
  step(id: string): Step | undefined;
  outgoing(id: string): Edge[];
  /** The step with no incoming edge (the first such in the list); the first step when every step has one. */
  start: Step | undefined;
  /** 1-based position in `routine.steps`, for "Step N" in prompts. */
  numberOf(id: string): number;
};

export function indexRoutine(routine: Routine): RoutineIndex {
  const byId = new Map<string, Step>();
  const number = new Map<string, number>();
  routine.steps.forEach((step, index) => {
    if (byId.has(step.id)) return;
    byId.set(step.id, step);
    number.set(step.id, index + 1);
  });
  const outgoing = new Map<string, Edge[]>();
  const targets = new Set<string>();
  for (const edge of routine.edges) {
    if (!byId.has(edge.source) || !byId.has(edge.target)) continue;
    outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge]);
    if (edge.source !== edge.target) targets.add(edge.target);
  }
  const start = routine.steps.find((step) => !targets.has(step.id)) ?? routine.steps[0];
  return {
    routine,
    step: (id) => byId.get(id),
    outgoing: (id) => outgoing.get(id) ?? [],
    start,
    numberOf: (id) => number.get(id) ?? 0,
  };
}

/**
 * The steps planned after `fromId`, breadth first along every way out, up to `k` of them (PAACE's look-ahead):
 * what these steps bind must stay in the executor's context in full.
 */
export function upcomingSteps(index: RoutineIndex, fromId: string, k: number): Step[] {
  const seen = new Set([fromId]);
  const found: Step[] = [];
  let frontier = [fromId];
  while (frontier.length > 0 && found.length < k) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const edge of index.outgoing(id)) {
        if (seen.has(edge.target)) continue;
        seen.add(edge.target);
        const step = index.step(edge.target);
        if (!step) continue;
        found.push(step);
        next.push(edge.target);
        if (found.length >= k) return found;
      }
    }
    frontier = next;
  }
  return found;
}
