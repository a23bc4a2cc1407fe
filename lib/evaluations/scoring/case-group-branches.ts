import { callsTool, type Routine, type Step } from "../../routine";
import { callUnits } from "./call-group-rules";
import type { ExpectedCall } from "./case-schema";

/**
 * An order-free group says its calls may be made in one turn. Two calls whose tools only steps on different arms of
 * one branch use can never be made in one run, let alone in one turn: such a group is a mistake in the case.
 */

/** The steps that call `tool`, by the name the model sees ("get_employee", or "server__get_employee"). */
function stepsCalling(routine: Routine, tool: string): Step[] {
  return routine.steps.filter(
    (step) => callsTool(step) && (step.tool.name === tool || `${step.tool.server}__${step.tool.name}` === tool),
  );
}

/** For each branch, lazily: per arm (outgoing edge), the steps reachable from it. */
function branchArms(routine: Routine) {
  const next = new Map<string, string[]>();
  for (const edge of routine.edges) next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  const reach = (from: string) => {
    const seen = new Set<string>([from]);
    const queue = [from];
    while (queue.length > 0)
      for (const target of next.get(queue.shift()!) ?? []) {
        if (seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
      }
    return seen;
  };
  const cache = new Map<string, Set<string>[]>();
  return (branch: Step) => {
    let arms = cache.get(branch.id);
    if (!arms) {
      arms = routine.edges.filter((edge) => edge.source === branch.id).map((edge) => reach(edge.target));
      cache.set(branch.id, arms);
    }
    return arms;
  };
}

/**
 * The branch that keeps two steps apart: each is reached from some of its arms, and no arm reaches both (a step
 * after the arms meet again is reached from every arm; a loop back over the branch reaches every arm too). Null
 * when some run may take both.
 */
function separatingBranch(
  routine: Routine,
  armsOf: ReturnType<typeof branchArms>,
  first: Step,
  second: Step,
): Step | null {
  if (first.id === second.id) return null;
  for (const branch of routine.steps) {
    if (branch.kind !== "branch") continue;
    const arms = armsOf(branch);
    const firstArms = arms.flatMap((arm, k) => (arm.has(first.id) ? [k] : []));
    const secondArms = arms.flatMap((arm, k) => (arm.has(second.id) ? [k] : []));
    if (firstArms.length > 0 && secondArms.length > 0 && !firstArms.some((k) => secondArms.includes(k))) return branch;
  }
  return null;
}

/**
 * A group whose calls' tools run only on different arms of one branch, one sentence per group (its first such pair
 * of calls): "Calls 3 and 4 are in one group but their tools run on different branches of "Balance covers the
 * request?"…". A tool no step of the routine calls is not judged here (caseToolProblems flags it).
 */
export function callGroupBranchProblems(expectedCalls: readonly ExpectedCall[], routine: Routine): string[] {
  const armsOf = branchArms(routine);
  const steps = new Map<string, Step[]>();
  const stepsOf = (tool: string) => steps.get(tool) ?? steps.set(tool, stepsCalling(routine, tool)).get(tool)!;
  // The branch keeping every step calling one tool apart from every step calling the other; null if any pair can meet.
  const apart = (first: Step[], second: Step[]): Step | null => {
    let found: Step | null = null;
    for (const a of first)
      for (const b of second) {
        const branch = separatingBranch(routine, armsOf, a, b);
        if (!branch) return null;
        found ??= branch;
      }
    return found;
  };
  const problems: string[] = [];
  for (const unit of callUnits(expectedCalls)) {
    search: for (let p = 0; p < unit.length; p++)
      for (let q = p + 1; q < unit.length; q++) {
        const branch = apart(stepsOf(expectedCalls[unit[p]!]!.tool), stepsOf(expectedCalls[unit[q]!]!.tool));
        if (!branch) continue;
        problems.push(
          `Calls ${unit[p]! + 1} and ${unit[q]! + 1} are in one group but their tools run on different branches of "${branch.name}": they cannot be made in one turn.`,
        );
        break search;
      }
  }
  return problems;
}
