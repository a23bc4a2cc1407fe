import { hasCapability, type Step } from "../../routine";
import type { RunSnapshot, StepRunSnapshot } from "./ports";
import type { RoutineIndex } from "./routine-graph";
import { isFinishMark, operatorSkipOf } from "./stage-skips";

/**
 * Where a run stands, derived from its stored step runs alone (never from memory of a previous process), so a run
 * resumed after a crash continues exactly where the last commit left it.
 */
export type Position =
  /** Start a new execution of `step`. */
  | { kind: "next"; step: Step; iteration: number }
  /** Run an existing step run again: left `running` by a crash, or set back to `pending` by an operator. */
  | { kind: "again"; step: Step; stepRun: StepRunSnapshot }
  | { kind: "waiting"; step: Step; stepRun: StepRunSnapshot }
  /** The flow is done: an end step succeeded (`endStep`), or a step with no way out did. */
  | { kind: "done"; endStep: Step | null }
  | { kind: "failed"; stepRun: StepRunSnapshot | null; error: string }
  | { kind: "cancelled"; stepRun: StepRunSnapshot };

/** What a branch step run keeps as its output: the way it took, so the position can follow it after a restart. */
export type BranchChoice = { edgeId: string; label: string; by: "expression" | "model" | "only_way" };

/**
 * The step run the run is at: the newest one that is not a finish-time skip mark (an operator's skip counts: the
 * run moves on after it). Step runs are stored oldest first.
 */
export function lastStepRun(snapshot: RunSnapshot): StepRunSnapshot | undefined {
  for (let index = snapshot.steps.length - 1; index >= 0; index--) {
    if (!isFinishMark(snapshot.steps[index])) return snapshot.steps[index];
  }
  return undefined;
}

/** The next iteration number of a step (1 on its first execution; a loop runs it again as 2, 3, …). */
export function nextIteration(snapshot: RunSnapshot, stepId: string): number {
  let max = 0;
  for (const run of snapshot.steps) if (run.stepId === stepId && run.iteration > max) max = run.iteration;
  return max + 1;
}

export function derivePosition(snapshot: RunSnapshot, index: RoutineIndex): Position {
  const last = lastStepRun(snapshot);
  if (!last) {
    if (!index.start) return { kind: "failed", stepRun: null, error: "The routine has no steps." };
    return { kind: "next", step: index.start, iteration: 1 };
  }
  const step = index.step(last.stepId);
  if (!step)
    return { kind: "failed", stepRun: last, error: `Step "${last.stepId}" is not in this version of the routine.` };
  switch (last.state) {
    case "running":
    case "pending":
      return { kind: "again", step, stepRun: last };
    case "waiting":
      return { kind: "waiting", step, stepRun: last };
    case "failed":
      return { kind: "failed", stepRun: last, error: last.error ?? `Step "${step.name}" failed.` };
    case "cancelled":
      return { kind: "cancelled", stepRun: last };
    case "skipped":
      return afterSkip(snapshot, index, step, last);
    case "succeeded":
      return after(snapshot, index, step, last);
  }
}

/** After an operator's skip: the stage's exit a stage cancel named (null: none, the run is done), else the way on. */
function afterSkip(snapshot: RunSnapshot, index: RoutineIndex, step: Step, last: StepRunSnapshot): Position {
  const resumeAt = operatorSkipOf(last)?.resumeAt;
  if (resumeAt === undefined) return after(snapshot, index, step, last);
  if (resumeAt === null) return { kind: "done", endStep: null };
  const target = index.step(resumeAt);
  if (!target)
    return { kind: "failed", stepRun: last, error: `Step "${resumeAt}" is not in this version of the routine.` };
  return { kind: "next", step: target, iteration: nextIteration(snapshot, target.id) };
}

function after(snapshot: RunSnapshot, index: RoutineIndex, step: Step, last: StepRunSnapshot): Position {
  if (hasCapability(step, "endsRun")) return { kind: "done", endStep: step };
  const ways = index.outgoing(step.id);
  let targetId: string | undefined;
  if (hasCapability(step, "choosesWay")) {
    const choice = last.output as BranchChoice | null;
    const edge = ways.find((way) => way.id === choice?.edgeId);
    if (!edge) return { kind: "failed", stepRun: last, error: `Branch "${step.name}" has no recorded way out.` };
    targetId = edge.target;
  } else {
    // One way out per step that chooses none (validation asks for it); should there be several, the first is followed.
    targetId = ways[0]?.target;
  }
  if (targetId === undefined) return { kind: "done", endStep: null };
  const target = index.step(targetId)!;
  return { kind: "next", step: target, iteration: nextIteration(snapshot, target.id) };
}
