import type { Stage, Step } from "../../routine";
import type { RunSnapshot, StepRunSnapshot } from "./ports";
import { derivePosition, lastStepRun } from "./position";
import type { RoutineIndex } from "./routine-graph";
import { isFinishMark } from "./stage-skips";

// Where a run stands relative to the routine's stages (issue #18): what the stage controls of the server and the
// engine decide on. Pure; finish-time skip marks are never part of the run's path here.

/** The stage with this id, or undefined. */
export function findStage(index: RoutineIndex, stageId: string): Stage | undefined {
  return index.routine.stages.find((stage) => stage.id === stageId);
}

/** The stage's steps in routine order. */
export function stageSteps(index: RoutineIndex, stageId: string): Step[] {
  return index.routine.steps.filter((step) => step.stageId === stageId);
}

/** The distinct steps outside the stage that an edge from one of its steps leads to: the stage's ways out. */
export function stageExits(index: RoutineIndex, stageId: string): Step[] {
  const inside = new Set(stageSteps(index, stageId).map((step) => step.id));
  const exits = new Map<string, Step>();
  for (const id of inside) {
    for (const edge of index.outgoing(id)) {
      const target = index.step(edge.target);
      if (target && !inside.has(target.id)) exits.set(target.id, target);
    }
  }
  return [...exits.values()].sort((a, b) => index.numberOf(a.id) - index.numberOf(b.id));
}

/**
 * The step the run stands at: the one it runs next, is running, waits at or failed at (with that step run when
 * there is one); null when its flow is done or cancelled.
 */
export function currentStep(
  snapshot: RunSnapshot,
  index: RoutineIndex,
): { step: Step; stepRun: StepRunSnapshot | null } | null {
  const position = derivePosition(snapshot, index);
  switch (position.kind) {
    case "next":
      return { step: position.step, stepRun: null };
    case "again":
    case "waiting":
      return { step: position.step, stepRun: position.stepRun };
    case "failed": {
      const step = position.stepRun ? index.step(position.stepRun.stepId) : undefined;
      return step ? { step, stepRun: position.stepRun } : null;
    }
    case "done":
    case "cancelled":
      return null;
  }
}

/** Whether the run stands at a step of the stage (about to run it, in it, waiting or failed in it). */
export function runIsInStage(snapshot: RunSnapshot, index: RoutineIndex, stageId: string): boolean {
  return currentStep(snapshot, index)?.step.stageId === stageId;
}

/** Whether the newest step run of the run's path lies outside the stage: its next step of the stage enters it. */
export function entersStage(snapshot: RunSnapshot, index: RoutineIndex, stageId: string): boolean {
  const last = lastStepRun(snapshot);
  return !last || index.step(last.stepId)?.stageId !== stageId;
}

/**
 * Where the run's current pass through the stage began in its list of step runs: the first of the newest unbroken
 * row of the stage's step runs (finish marks aside); the list's length when the newest step run lies outside it.
 */
export function passStart(snapshot: RunSnapshot, index: RoutineIndex, stageId: string): number {
  let start = snapshot.steps.length;
  for (let at = snapshot.steps.length - 1; at >= 0; at--) {
    const run = snapshot.steps[at];
    if (isFinishMark(run)) continue;
    if (index.step(run.stepId)?.stageId !== stageId) break;
    start = at;
  }
  return start;
}

/**
 * The step the run last entered the stage by: the stage's step of the newest step run whose predecessor on the
 * run's path lies outside the stage (or that has none). Null when no step of the stage has run.
 */
export function stageEntryStep(snapshot: RunSnapshot, index: RoutineIndex, stageId: string): Step | null {
  let entry: Step | null = null;
  let previousInStage = false;
  for (const run of snapshot.steps) {
    if (isFinishMark(run)) continue;
    const step = index.step(run.stepId);
    const inStage = step?.stageId === stageId;
    if (inStage && !previousInStage) entry = step!;
    previousInStage = inStage;
  }
  return entry;
}
