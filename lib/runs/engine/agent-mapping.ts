import {
  callsTool,
  describeStep,
  hasCapability,
  type Edge,
  type Step,
  type StepWithTool,
  type ToolRef,
} from "../../routine";
import type { RunSnapshot } from "./ports";
import type { BranchChoice } from "./position";
import type { RoutineIndex } from "./routine-graph";

/** The step id of an agent's call that no routine step uses (baseline runs): `call:<function name>`. */
export const AGENT_CALL_PREFIX = "call:";

export function isAgentCallStepId(stepId: string): boolean {
  return stepId.startsWith(AGENT_CALL_PREFIX);
}

const sameTool = (a: ToolRef, b: ToolRef) => a.server === b.server && a.name === b.name;

/** Whether a step has an execution that succeeded (a failed call does not count: the model may try again). */
function executed(snapshot: RunSnapshot, stepId: string): boolean {
  return snapshot.steps.some((run) => run.stepId === stepId && run.state === "succeeded");
}

/** The way a branch step took in this run, if it took one. */
export function takenWay(snapshot: RunSnapshot, branchId: string): string | undefined {
  for (let at = snapshot.steps.length - 1; at >= 0; at--) {
    const run = snapshot.steps[at];
    if (run.stepId === branchId && run.state === "succeeded") return (run.output as BranchChoice | null)?.edgeId;
  }
  return undefined;
}

/** The routine step the newest accepted call was mapped to, if any. */
function lastMappedStep(snapshot: RunSnapshot, index: RoutineIndex): string | undefined {
  for (let at = snapshot.steps.length - 1; at >= 0; at--) {
    const step = index.step(snapshot.steps[at].stepId);
    if (step && callsTool(step)) return step.id;
  }
  return undefined;
}

/**
 * Steps reachable from `fromId` without passing through a tool step that has not run yet (that would be a call the
 * model skipped), following only the way a branch already took. Closest first.
 */
function reachableNext(snapshot: RunSnapshot, index: RoutineIndex, fromId: string | undefined): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  let frontier: string[] = [];
  if (fromId === undefined) {
    if (index.start) frontier = [index.start.id];
  } else {
    seen.add(fromId);
    frontier = ways(snapshot, index, fromId);
  }
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      const step = index.step(id);
      if (!step) continue;
      found.push(id);
      if (callsTool(step) && !executed(snapshot, id)) continue;
      next.push(...ways(snapshot, index, id));
    }
    frontier = next;
  }
  return found;
}

function ways(snapshot: RunSnapshot, index: RoutineIndex, id: string): string[] {
  const out = index.outgoing(id);
  const step = index.step(id);
  const taken = step && hasCapability(step, "choosesWay") ? takenWay(snapshot, id) : undefined;
  return (taken ? out.filter((edge) => edge.id === taken) : out).map((edge) => edge.target);
}

/**
 * The routine step an accepted call serves: among the tool steps using that tool, the first not executed yet that
 * the run can reach next from the last mapped step (closest first; this tells a branch's arms apart when both use
 * the tool), else the first not executed after the last mapped step in the routine's order, else the first not
 * executed, else the last one (a new iteration). Null when no step uses the tool (a baseline's catalog tool).
 *
 * `fits`, when given, prefers the first step in that order the call fits (its arguments match the step's fixed
 * ones), so a tool two steps use with different bindings — an email to the employee, then one to the manager — maps
 * to the step the call is for; when it fits none, the step above is the answer (and the call is refused against it).
 */
export function mapCallToStep(
  snapshot: RunSnapshot,
  index: RoutineIndex,
  tool: ToolRef,
  fits?: (step: StepWithTool) => boolean,
): StepWithTool | null {
  const ranked = rankedSteps(snapshot, index, tool);
  return (fits ? ranked.find(fits) : undefined) ?? ranked[0] ?? null;
}

/** The tool steps using `tool` in the order mapCallToStep prefers them, each once. */
function rankedSteps(snapshot: RunSnapshot, index: RoutineIndex, tool: ToolRef): StepWithTool[] {
  const steps = index.routine.steps;
  const candidates = steps.filter((step): step is StepWithTool => callsTool(step) && sameTool(step.tool, tool));
  if (candidates.length === 0) return [];
  const open = candidates.filter((step) => !executed(snapshot, step.id));
  const last = lastMappedStep(snapshot, index);
  const reachable = reachableNext(snapshot, index, last);
  const near = reachable.flatMap((id) => open.filter((step) => step.id === id));
  const lastAt = last === undefined ? -1 : steps.findIndex((step) => step.id === last);
  const after = open.filter((step) => steps.indexOf(step) > lastAt);
  return [...new Set([...near, ...after, ...open, ...candidates.toReversed()])];
}

/** The branch steps whose arm holds `stepId` (reachable from exactly one way out), outermost first, with that way. */
export function branchArmsOf(index: RoutineIndex, stepId: string): Array<{ branch: Step; edge: Edge }> {
  const arms: Array<{ branch: Step; edge: Edge }> = [];
  for (const branch of index.routine.steps) {
    if (!hasCapability(branch, "choosesWay") || branch.id === stepId) continue;
    const holding = index.outgoing(branch.id).filter((edge) => reaches(index, edge.target, stepId, branch.id));
    if (holding.length === 1) arms.push({ branch, edge: holding[0] });
  }
  return arms;
}

/** Whether `to` is reachable from `from` without passing through `avoid`. */
function reaches(index: RoutineIndex, from: string, to: string, avoid: string): boolean {
  const seen = new Set([avoid]);
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of index.outgoing(id)) stack.push(edge.target);
  }
  return false;
}

/** A way's label as a branch choice shows it. */
export function branchChoice(edge: Edge): BranchChoice {
  return { edgeId: edge.id, label: edge.condition?.label || edge.target, by: "model" };
}

/** Steps an agent run cannot take: they wait for a person or a sub-routine, which a free tool-calling loop has not. */
export function agentBlockers(steps: Step[]): string | null {
  const blocked = steps.filter((step) => !describeStep(step).allowedInAgentMode(step));
  if (blocked.length === 0) return null;
  const names = blocked.map((step) => `"${step.name}"`).join(", ");
  return `Agent mode cannot run this routine: ${names} ${blocked.length === 1 ? "needs" : "need"} a person's approval or a sub-routine. Run it in workflow mode.`;
}
