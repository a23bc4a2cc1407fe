import { hasCapability, routinePromptLabels, type Edge, type Routine, type Step } from "../../routine";

/** A routine indexed for the engine: steps by id, edges by source, the start step, and a step's place in the list. */
export type RoutineIndex = {
  routine: Routine;
  step(id: string): Step | undefined;
  outgoing(id: string): Edge[];
  /** The step with no incoming edge (the first such in the list); the first step when every step has one. */
  start: Step | undefined;
  /** 1-based position in `routine.steps`. */
  numberOf(id: string): number;
  /**
   * The step's label as the routine's own text numbers it: "Step 3", or "Branch 4-1 Step 1" on a branch (the paper's
   * numbering), so the progress list and the step request name steps as the routine text the model reads does.
   */
  labelOf(id: string): string;
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
  // Rendered once, on the first prompt that needs a label (a run with no model-driven step never does).
  let labels: Map<string, string> | undefined;
  const labelOf = (id: string) => {
    labels ??= new Map(routinePromptLabels(routine).map((label, at) => [routine.steps[at].id, label]));
    return labels.get(id) ?? `Step ${number.get(id) ?? 0}`;
  };
  return {
    routine,
    step: (id) => byId.get(id),
    outgoing: (id) => outgoing.get(id) ?? [],
    start,
    numberOf: (id) => number.get(id) ?? 0,
    labelOf,
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

/** Every step reachable from `fromIds` along edges (the starting steps included). */
function reachableFrom(index: RoutineIndex, fromIds: readonly string[]): Set<string> {
  const seen = new Set(fromIds);
  const stack = [...fromIds];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const edge of index.outgoing(id)) {
      if (seen.has(edge.target)) continue;
      seen.add(edge.target);
      stack.push(edge.target);
    }
  }
  return seen;
}

/**
 * The steps a branch's choice leaves out, in routine order: reachable from its other ways out but not from the way
 * taken (nor from the branch itself again, for a loop that comes back to it) and not yet run. They show as skipped
 * as soon as the branch is chosen; a later pass through the branch that takes another way runs them after all.
 */
export function stepsOffTheWayTaken(
  index: RoutineIndex,
  branchId: string,
  takenEdgeId: string,
  ran: ReadonlySet<string>,
): Step[] {
  const ways = index.outgoing(branchId);
  const taken = ways.find((edge) => edge.id === takenEdgeId);
  if (!taken) return [];
  const onTheWay = reachableFrom(index, [taken.target]);
  const others = reachableFrom(
    index,
    ways.filter((edge) => edge.id !== takenEdgeId && edge.target !== taken.target).map((edge) => edge.target),
  );
  return index.routine.steps.filter(
    (step) => others.has(step.id) && !onTheWay.has(step.id) && !ran.has(step.id) && step.id !== branchId,
  );
}

/**
 * The steps the branches' latest choices left out, for the executor's progress list: it marks them not taken as
 * soon as the branch is chosen, as the run view does, rather than pending.
 */
export function stepsNotTaken(
  index: RoutineIndex,
  stepRuns: readonly { stepId: string; state: string; output: unknown }[],
): Set<string> {
  const ran = new Set(stepRuns.map((run) => run.stepId));
  const latest = new Map(stepRuns.map((run) => [run.stepId, run]));
  const notTaken = new Set<string>();
  for (const [stepId, run] of latest) {
    const edgeId = (run.output as { edgeId?: unknown } | null)?.edgeId;
    const step = index.step(stepId);
    if (!step || !hasCapability(step, "choosesWay") || run.state !== "succeeded" || typeof edgeId !== "string")
      continue;
    for (const step of stepsOffTheWayTaken(index, stepId, edgeId, ran)) notTaken.add(step.id);
  }
  return notTaken;
}
